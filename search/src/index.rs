//! The in-memory tantivy index of a card set and the queries over it.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;

use cards::catalog::{Card, CardKeys, Database, Pilot, Ship, ShipSize, ShortName, Upgrade};
use tantivy::collector::{Count, TopDocs};
use tantivy::columnar::Column;
use tantivy::query::{
    AllQuery, Bm25StatisticsProvider, BooleanQuery, BoostQuery, EmptyQuery, FuzzyTermQuery, Occur,
    Query, QueryParser, RangeQuery, TermQuery,
};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TEXT, TantivyDocument,
    TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};
use tantivy::{DocAddress, Index, ReloadPolicy, Searcher, Term, doc};

use cards::query::{
    FilterCounts, Filters, Hit, HitKind, MAX_QUERY_CHARS, POINT_BANDS, Results, SKILL_BANDS,
    band_code,
};

use crate::either_field::{EitherFieldQuery, EveryWordQuery};
use crate::snippet::{Fragment, Highlighter, Vocabulary, Words};
use crate::statistics::Statistics;

/// Terms this long or longer are retried with one typo allowed.
pub const FUZZY_MIN_CHARS: usize = 4;
/// How much a match in a card's name counts over one in its text.
const NAME_BOOST: f32 = 3.0;
/// How much a match on a card's action bar counts against one in its text:
/// a card that says the word ranks above one that only has the action.
const BAR_BOOST: f32 = 0.1;
/// The most documents of an index `CardIndex::is_small` calls small.
pub const SMALL_INDEX_DOCS: usize = 20_000;
/// Snippet length in characters.
const SNIPPET_CHARS: usize = 160;

#[derive(Clone, Copy)]
struct Fields {
    xws: Field,
    name: Field,
    text: Field,
    /// The action bar's words: found, but ranked below a name or text.
    bar: Field,
    /// The name and text as written, unstemmed: a quoted phrase matches these.
    name_exact: Field,
    text_exact: Field,
    kind: Field,
    slot: Field,
    ship: Field,
    faction: Field,
    unique: Field,
    limited: Field,
    huge_only: Field,
    points: Field,
    url: Field,
    skill: Field,
    energy: Field,
    size: Field,
    /// The document's place in `CardIndex::shown`.
    ord: Field,
}

/// The name of the English analyzer (`stemming_analyzer`) in the index.
const STEMMED: &str = "en_stem";

/// Text read by the English analyzer, with positions for phrases.
fn stemmed() -> TextOptions {
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(STEMMED)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    )
}

/// tantivy's default analyzer (words, long ones dropped, lower case) with
/// the English stemmer after it: "shields" and "shield" are one word.
fn stemming_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(LONGEST_KEPT_WORD + 1))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::English))
        .build()
}

impl Fields {
    /// The schema: what each field holds and how it is searched.
    fn schema() -> (Fields, Schema) {
        let mut builder = Schema::builder();
        let fields = Fields {
            xws: builder.add_text_field("xws", STRING),
            name: builder.add_text_field("name", stemmed()),
            text: builder.add_text_field("text", stemmed()),
            bar: builder.add_text_field("bar", stemmed()),
            name_exact: builder.add_text_field("name_exact", TEXT),
            text_exact: builder.add_text_field("text_exact", TEXT),
            kind: builder.add_text_field("kind", STRING),
            slot: builder.add_text_field("slot", STRING),
            ship: builder.add_text_field("ship", STRING),
            faction: builder.add_text_field("faction", STRING),
            unique: builder.add_bool_field("unique", INDEXED),
            limited: builder.add_bool_field("limited", INDEXED),
            huge_only: builder.add_bool_field("huge", INDEXED),
            points: builder.add_i64_field("points", INDEXED | FAST),
            url: builder.add_text_field("url", STRING),
            skill: builder.add_u64_field("skill", INDEXED),
            energy: builder.add_u64_field("energy", INDEXED),
            size: builder.add_text_field("size", STRING),
            ord: builder.add_u64_field("ord", FAST),
        };
        (fields, builder.build())
    }

    /// A name and a text, stemmed and as written.
    fn add_words(&self, d: &mut TantivyDocument, name: &str, text: &str) {
        d.add_text(self.name, name);
        d.add_text(self.text, text);
        d.add_text(self.name_exact, name);
        d.add_text(self.text_exact, text);
    }

    /// A pilot's document; `hosted` is the ship whose page is this pilot's
    /// (`ship_url`): its words join the pilot's, so the page is one hit,
    /// found as a pilot and as a ship.
    fn pilot(
        &self,
        db: &Database,
        keys: &CardKeys,
        p: &Pilot,
        hosted: Option<&Ship>,
    ) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => p.xws.clone(),
            f.kind => HitKind::Pilot.as_str(),
            f.ship => p.ship.clone(),
            f.faction => p.faction.clone(),
            f.unique => p.unique,
            f.limited => false,
            f.huge_only => false,
            f.points => i64::from(p.points_or_zero()),
            f.url => format!("/cards/{}", keys.key(Card::Pilot(p))),
            f.skill => u64::from(p.skill_or_zero()),
        );
        f.add_words(&mut d, &p.name, &pilot_text(p));
        d.add_text(f.bar, action_names(db, &p.actions));
        if let Some(e) = p.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        if let Some(ship) = db.ship_of(p) {
            d.add_text(f.size, ship.size.as_str());
        }
        if let Some(ship) = hosted {
            d.add_text(f.kind, HitKind::Ship.as_str());
            f.add_words(&mut d, &ship.name, &ship_text(ship));
        }
        d
    }

    fn upgrade(
        &self,
        db: &Database,
        keys: &CardKeys,
        all_factions: &[&str],
        u: &Upgrade,
    ) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => u.xws.clone(),
            f.kind => HitKind::Upgrade.as_str(),
            f.slot => u.slot().to_string(),
            f.unique => u.unique,
            f.limited => u.limited,
            f.huge_only => u.restriction.huge_only(),
            f.points => i64::from(u.points),
            f.url => format!("/cards/{}", keys.key(Card::Upgrade(u))),
        );
        f.add_words(&mut d, u.name(), &upgrade_text(db, u));
        for ship in &u.restriction.ships {
            d.add_text(f.ship, ship);
        }
        // An upgrade without a faction restriction fits every faction.
        let factions: Vec<&str> = if u.restriction.factions.is_empty() {
            all_factions.to_vec()
        } else {
            u.restriction.factions.iter().map(String::as_str).collect()
        };
        for faction in factions {
            d.add_text(f.faction, faction);
        }
        if let Some(e) = u.energy_limit {
            d.add_u64(f.energy, u64::from(e));
        }
        for size in &u.restriction.sizes {
            d.add_text(f.size, size.as_str());
        }
        d
    }

    /// A ship with no pilot to host it (`ship_url`): a hit of its own.
    fn ship(&self, db: &Database, s: &Ship) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => s.xws.clone(),
            f.kind => HitKind::Ship.as_str(),
            f.ship => s.xws.clone(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => "/cards".to_string(),
        );
        f.add_words(&mut d, &s.name, &ship_text(s));
        d.add_text(f.bar, action_names(db, &s.actions));
        for faction in &s.factions {
            d.add_text(f.faction, faction);
        }
        d.add_text(f.size, s.size.as_str());
        if let Some(e) = s.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        d
    }

    fn rule(&self, r: &RuleSection) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => r.url.clone(),
            f.kind => HitKind::Rule.as_str(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => r.url.clone(),
        );
        f.add_words(&mut d, &r.title, &r.text);
        d
    }
}

/// What a hit shows of its document, kept beside the index: reading it
/// from tantivy's document store cost more than the search itself.
struct Shown {
    xws: ShortName,
    name: ShortName,
    kind: HitKind,
    slot: Option<ShortName>,
    ship: Option<ShortName>,
    points: Option<i64>,
    url: String,
    text: String,
    /// The words of `text`, for its snippets.
    words: Words,
}

impl Fields {
    /// What a hit on `doc` shows, read from the document as indexed; its
    /// text's words are read by `analyzer` into `vocabulary`.
    fn shown(
        &self,
        doc: &TantivyDocument,
        vocabulary: &mut Vocabulary,
        analyzer: &mut TextAnalyzer,
    ) -> Shown {
        let text = |field: Field| doc.get_first(field).and_then(|v| v.as_str());
        let short = |field: Field| text(field).map(ShortName::from);
        let body = text(self.text).unwrap_or_default().to_string();
        Shown {
            words: vocabulary.read(analyzer, &body),
            xws: short(self.xws).unwrap_or_default(),
            name: short(self.name).unwrap_or_default(),
            kind: text(self.kind)
                .and_then(HitKind::parse)
                .unwrap_or(HitKind::Upgrade),
            slot: short(self.slot),
            ship: short(self.ship),
            points: doc.get_first(self.points).and_then(|v| v.as_i64()),
            url: text(self.url).unwrap_or_default().to_string(),
            text: body,
        }
    }
}

/// A section of the rules reference, indexed beside the cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSection {
    /// Where it lives, e.g. `/rules/huge-ships#recover`.
    pub url: String,
    pub title: String,
    pub text: String,
}

/// The search index of a card set: one document per pilot, upgrade (both
/// faces of a dual card in one) and ship, and per rules section.
pub struct CardIndex {
    /// The index as built. It never changes after, so every query reads
    /// this one snapshot and its columns, opened once.
    searcher: Searcher,
    /// Each segment's `ord` column, by segment.
    ords: Vec<Option<Column<u64>>>,
    /// The BM25 statistics of the searched fields, counted once.
    statistics: Statistics,
    fields: Fields,
    parser: QueryParser,
    /// Reads a quoted phrase: the name and text as written.
    exact_parser: QueryParser,
    /// The analyzer's stemmer, for the words of a query.
    stemmer: frostem::Stemmer,
    factions: Vec<String>,
    slots: Vec<String>,
    ships: Vec<String>,
    /// Each document's hit, by its `ord`.
    shown: Vec<Shown>,
    /// The words of every document's text, numbered.
    vocabulary: Vocabulary,
    /// The facet counts of the empty query without filters (the search
    /// page before anything is typed), counted once.
    all_counts: FilterCounts,
}

/// The index failed; a defect, not the query's fault.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("search index: {0}")]
    Io(#[from] std::io::Error),
}

impl CardIndex {
    /// Indexes every card of `db` and the given rules sections.
    pub fn build(db: &Database, rules: &[RuleSection]) -> Result<CardIndex, SearchError> {
        let (fields, schema) = Fields::schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(STEMMED, stemming_analyzer());
        let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
        let f = fields;
        let all_factions: Vec<&str> = db.factions.iter().map(|x| x.xws.as_str()).collect();
        let keys = db.card_keys();
        let hosts = ship_hosts(db);
        let hosted: Vec<&str> = hosts.values().map(|s| s.xws.as_str()).collect();
        let documents = (db.pilots.iter().enumerate())
            .map(|(i, p)| f.pilot(db, &keys, p, hosts.get(&i).copied()))
            .chain(
                db.upgrades
                    .iter()
                    .map(|u| f.upgrade(db, &keys, &all_factions, u)),
            )
            .chain(
                db.ships
                    .iter()
                    .filter(|s| !hosted.contains(&s.xws.as_str()))
                    .map(|s| f.ship(db, s)),
            )
            .chain(rules.iter().map(|r| f.rule(r)));
        let mut shown = Vec::new();
        let mut vocabulary = Vocabulary::default();
        let mut analyzer = index.tokenizer_for_field(f.text)?;
        for mut document in documents {
            shown.push(f.shown(&document, &mut vocabulary, &mut analyzer));
            document.add_u64(f.ord, shown.len() as u64 - 1);
            writer.add_document(document)?;
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();
        let ords = searcher
            .segment_readers()
            .iter()
            .map(|segment| segment.fast_fields().u64("ord").ok())
            .collect();
        let mut parser = QueryParser::for_index(&index, vec![f.name, f.text, f.bar]);
        parser.set_conjunction_by_default();
        parser.set_field_boost(f.name, NAME_BOOST);
        parser.set_field_boost(f.bar, BAR_BOOST);
        let mut exact_parser = QueryParser::for_index(&index, vec![f.name_exact, f.text_exact]);
        exact_parser.set_conjunction_by_default();
        exact_parser.set_field_boost(f.name_exact, NAME_BOOST);
        let searched = [f.name, f.text, f.bar, f.name_exact, f.text_exact];
        let statistics = Statistics::count(&searcher, &searched)?;
        let mut index = CardIndex {
            searcher,
            ords,
            statistics,
            fields,
            parser,
            exact_parser,
            stemmer: frostem::Stemmer::new(frostem::Algorithm::English),
            factions: db.factions.iter().map(|x| x.xws.clone()).collect(),
            slots: db
                .slots
                .iter()
                .filter(|s| db.upgrades.iter().any(|u| u.slot() == s.xws))
                .map(|s| s.xws.to_string())
                .collect(),
            ships: db.ships.iter().map(|s| s.xws.clone()).collect(),
            shown,
            vocabulary,
            all_counts: FilterCounts::default(),
        };
        index.all_counts = index.count_each("", &Filters::default())?;
        Ok(index)
    }

    /// Number of documents indexed.
    pub fn len(&self) -> usize {
        self.searcher.num_docs() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a search (without facet counts) over this index takes well
    /// under a millisecond, so a server may run it where it stands: at most
    /// `SMALL_INDEX_DOCS` documents (the whole 1st-edition pool is under a
    /// thousand; `search/benches/query.rs` times both sizes).
    pub fn is_small(&self) -> bool {
        self.len() <= SMALL_INDEX_DOCS
    }

    /// Searches the free text `q` (tantivy's query syntax, read leniently if
    /// it does not parse) within the filters; the best `limit` hits first.
    /// Nothing found as typed: words of four letters or more are retried
    /// with one typo allowed. Any string is accepted.
    pub fn search(&self, q: &str, filters: &Filters, limit: usize) -> Result<Results, SearchError> {
        self.search_page(q, filters, limit, 0)
    }

    /// [`CardIndex::search`]'s hits after the best `offset`: a later page
    /// of results. The best `offset + limit` are ranked, so the caller
    /// bounds the offset (`cards::query::MAX_PAGE`).
    pub fn search_page(
        &self,
        q: &str,
        filters: &Filters,
        limit: usize,
        offset: usize,
    ) -> Result<Results, SearchError> {
        let ranked = limit.saturating_add(offset);
        let mut plan = self.plan(q, filters, ranked)?;
        let (top, total) = match plan.found.take() {
            Some(found) => found,
            None => self.run(&*plan.text, filters, ranked)?,
        };
        let snippets = self.highlighter(&plan)?;
        let mut hits = Vec::with_capacity(top.len().saturating_sub(offset));
        for (score, address) in top.into_iter().skip(offset) {
            let shown = self
                .ords
                .get(address.segment_ord as usize)
                .and_then(Option::as_ref)
                .and_then(|column| column.first(address.doc_id))
                .and_then(|ord| self.shown.get(ord as usize));
            if let Some(shown) = shown {
                hits.push(hit(shown, score, &snippets));
            }
        }
        Ok(Results {
            total,
            offset,
            hits,
            fuzzy: plan.fuzzy,
            some_words: plan.some_words,
            lenient: plan.lenient,
            truncated: plan.truncated,
        })
    }

    /// How many hits each filter value would leave for this query, the
    /// other filters kept as they are.
    pub fn counts(&self, q: &str, filters: &Filters) -> Result<FilterCounts, SearchError> {
        if q.trim().is_empty() && *filters == Filters::default() {
            return Ok(self.all_counts.clone());
        }
        self.count_each(q, filters)
    }

    fn count_each(&self, q: &str, filters: &Filters) -> Result<FilterCounts, SearchError> {
        let searcher = &self.searcher;
        let plan = self.plan(q, filters, 0)?;
        let count = |f: Filters| -> Result<usize, SearchError> {
            searcher
                .search(&self.with_filters(plan.text.box_clone(), &f), &Count)
                .map_err(SearchError::from)
        };
        let each = |values: &[String], set: &dyn Fn(&mut Filters, String)| {
            values
                .iter()
                .map(|v| {
                    let mut f = filters.clone();
                    set(&mut f, v.clone());
                    count(f).map(|n| (v.clone(), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()
        };
        let flags = |set: &dyn Fn(&mut Filters, bool)| {
            [true, false]
                .into_iter()
                .map(|b| {
                    let mut f = filters.clone();
                    set(&mut f, b);
                    count(f).map(|n| (b, n))
                })
                .collect::<Result<Vec<_>, SearchError>>()
        };
        Ok(FilterCounts {
            faction: each(&self.factions, &|f, v| f.faction = Some(v))?,
            kind: HitKind::ALL
                .into_iter()
                .map(|k| {
                    let mut f = filters.clone();
                    f.kind = Some(k);
                    count(f).map(|n| (k, n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            slot: each(&self.slots, &|f, v| f.slot = Some(v))?,
            ship: each(&self.ships, &|f, v| f.ship = Some(v))?,
            unique: flags(&|f, b| f.unique = Some(b))?,
            limited: flags(&|f, b| f.limited = Some(b))?,
            huge_only: flags(&|f, b| f.huge_only = Some(b))?,
            size: [ShipSize::Small, ShipSize::Large, ShipSize::Huge]
                .into_iter()
                .map(|size| {
                    let mut f = filters.clone();
                    f.size = Some(size);
                    count(f).map(|n| (size.as_str().to_string(), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            skill: SKILL_BANDS
                .into_iter()
                .map(|band| {
                    let mut f = filters.clone();
                    f.skill = Some(band);
                    count(f).map(|n| (band_code(band), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            points: POINT_BANDS
                .into_iter()
                .map(|(lo, hi)| {
                    let mut f = filters.clone();
                    (f.min_points, f.max_points) = (Some(lo), Some(hi));
                    count(f).map(|n| (band_code((lo, hi)), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
        })
    }

    /// The plan for `q`: the text query as parsed, or leniently, or (when
    /// that finds nothing) typo-tolerant. Deciding runs the query; when the
    /// query chosen is one that ran, its best `limit` hits and count come
    /// with the plan.
    fn plan(&self, q: &str, filters: &Filters, limit: usize) -> Result<Plan, SearchError> {
        // Control characters never mean anything in a card search.
        let cleaned: String = q
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let truncated = cleaned.chars().count() > MAX_QUERY_CHARS;
        let cleaned: String = cleaned.chars().take(MAX_QUERY_CHARS).collect();
        let q = cleaned.trim();
        if q.is_empty() {
            return Ok(Plan {
                text: Box::new(AllQuery),
                found: None,
                fuzzy: None,
                some_words: false,
                lenient: false,
                truncated,
            });
        }
        let plain = plain_words(q);
        // A phrase in quotes means the words as written: the whole query
        // reads the unstemmed fields.
        let parser = match q.contains('"') {
            true => &self.exact_parser,
            false => &self.parser,
        };
        // Each plain word as the index holds it, stemmed once for the query.
        let stems = plain.as_ref().map(|p| self.stems(p));
        let (mut text, mut lenient) = match (&plain, &stems) {
            (Some(words), Some(stems)) => (self.every_word(words, stems), false),
            _ => match parser.parse_query(q) {
                Ok(query) => (query, false),
                Err(_) => (parser.parse_query_lenient(q).0, true),
            },
        };
        let raw = words(q);
        // Plain words, one of which no card has: every word cannot match,
        // so the any-word query below runs at once (a run of the
        // all-words query was a third of a search for a sentence).
        let absent = match &stems {
            Some(stems) if stems.len() > 1 => self.some_word_absent(stems),
            _ => false,
        };
        let found = match absent {
            true => Ok((Vec::new(), 0)),
            false => self.run(&*text, filters, limit),
        };
        let found = match found {
            Ok(found) => found,
            Err(_) => {
                // Even the lenient reading can name things that do not exist
                // (a field called `.`): search the plain words instead.
                lenient = true;
                text = match self.parser.parse_query(&raw.join(" ")) {
                    Ok(query) if !raw.is_empty() => query,
                    _ => Box::new(EmptyQuery),
                };
                self.run(&*text, filters, limit)?
            }
        };
        if found.1 > 0 || raw.is_empty() {
            return Ok(Plan {
                text,
                found: Some(found),
                fuzzy: None,
                some_words: false,
                lenient,
                truncated,
            });
        }
        let words = self.stems(&raw);
        // A sentence ("crew that gives energy"): no card has every word, so
        // any word matches and the cards with the most, and the rarest,
        // rank first.
        if words.len() > 1 {
            let any = self.any_word(&words);
            let found = self.run(&*any, filters, limit)?;
            if found.1 > 0 {
                return Ok(Plan {
                    text: any,
                    found: Some(found),
                    fuzzy: None,
                    some_words: true,
                    lenient,
                    truncated,
                });
            }
        }
        // Typo tolerance: every word must match, long ones with one edit.
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut expanded = Vec::new();
        for word in &words {
            let mut per_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for field in [self.fields.name, self.fields.text, self.fields.bar] {
                let term = Term::from_field_text(field, word);
                let q: Box<dyn Query> = if word.chars().count() >= FUZZY_MIN_CHARS {
                    Box::new(FuzzyTermQuery::new(term, 1, true))
                } else {
                    Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
                };
                let q: Box<dyn Query> = match field == self.fields.bar {
                    true => Box::new(BoostQuery::new(q, BAR_BOOST)),
                    false => q,
                };
                per_field.push((Occur::Should, q));
            }
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(per_field))));
            expanded.push((word.clone(), self.near_words(word)?));
        }
        Ok(Plan {
            text: Box::new(BooleanQuery::new(clauses)),
            found: None,
            fuzzy: Some(expanded),
            some_words: false,
            lenient,
            truncated,
        })
    }

    /// What the query parser makes of plain words, built directly (the
    /// parse was 15% of a search for one word): each word must match, in
    /// the name (boosted) or the text. As the parser does, a word typed
    /// twice counts once, and one word alone is its either-field query.
    /// A field no card has the word in is left out: it adds nothing to a
    /// score, yet its union with the other field zeroed a 4,096-document
    /// buffer per word (16% of a search for "attack dice").
    /// Two or more words are each a two-cursor union, intersected as
    /// tantivy would (`either_field`).
    /// `parsed_plain_words_are_built_as_parsed` holds the hits and scores
    /// equal to the parser's, and one word's tree equal where no field is
    /// left out.
    fn every_word(&self, words: &[&str], stems: &[String]) -> Box<dyn Query> {
        let (name, text, bar) = (self.fields.name, self.fields.text, self.fields.bar);
        let query = |field, word: &str| -> Box<dyn Query> {
            let query = Box::new(TermQuery::new(
                Term::from_field_text(field, word),
                IndexRecordOption::WithFreqs,
            ));
            match field {
                f if f == name => Box::new(BoostQuery::new(query, NAME_BOOST)),
                f if f == bar => Box::new(BoostQuery::new(query, BAR_BOOST)),
                _ => query,
            }
        };
        let held = |field, word: &str| self.statistics.holds(field, word);
        if let [word] = stems {
            // Walked alone, tantivy's buffered union is the fast one.
            let mut sides: Vec<(Occur, Box<dyn Query>)> = [name, text, bar]
                .into_iter()
                .filter(|&field| held(field, word))
                .map(|field| (Occur::Should, query(field, word)))
                .collect();
            return match sides.len() {
                1 => sides.remove(0).1,
                _ => Box::new(BooleanQuery::new(sides)),
            };
        }
        let mut seen = Vec::with_capacity(words.len());
        // As the parser does, a word typed twice counts once (as typed:
        // "Energy energy" is two words, one stem).
        let every = words
            .iter()
            .zip(stems)
            .filter(|(w, _)| {
                !seen.contains(w) && {
                    seen.push(*w);
                    true
                }
            })
            .map(|(_, w)| {
                let side = |field| match held(field, w) {
                    true => query(field, w),
                    false => Box::new(EmptyQuery),
                };
                // The bar joins the text's side: most words are on no bar,
                // and the text side stays one term.
                let text_side = match held(bar, w) {
                    false => side(text),
                    true => Box::new(BooleanQuery::new(vec![
                        (Occur::Should, side(text)),
                        (Occur::Should, query(bar, w)),
                    ])),
                };
                EitherFieldQuery::new(side(name), text_side)
            })
            .collect();
        Box::new(EveryWordQuery::new(every))
    }

    /// Any of the words, in the name or the text, each word and field a
    /// clause of its own. A field no card has the word in is left out, as
    /// in [`CardIndex::every_word`]: its clause would score nothing.
    /// `a_sentence_leaves_out_what_no_card_has` holds the hits and scores
    /// equal to every clause's.
    fn any_word(&self, words: &[String]) -> Box<dyn Query> {
        let mut any: Vec<(Occur, Box<dyn Query>)> = Vec::with_capacity(2 * words.len());
        for word in words {
            for field in [self.fields.name, self.fields.text, self.fields.bar] {
                if self.statistics.holds(field, word) {
                    let term = Term::from_field_text(field, word);
                    let query = Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs));
                    let query: Box<dyn Query> = match field == self.fields.bar {
                        true => Box::new(BoostQuery::new(query, BAR_BOOST)),
                        false => query,
                    };
                    any.push((Occur::Should, query));
                }
            }
        }
        Box::new(BooleanQuery::new(any))
    }

    /// Whether some word is in no card's name or text.
    fn some_word_absent(&self, words: &[String]) -> bool {
        words.iter().any(|word| {
            [self.fields.name, self.fields.text, self.fields.bar]
                .into_iter()
                .all(|field| !self.statistics.holds(field, word))
        })
    }

    /// Each word as the index holds it: lower case, stemmed ("Shields"
    /// is `shield`), as `stemming_analyzer` reads a plain word. A word the
    /// analyzer drops (too long) stays as it is, and then matches nothing,
    /// as before.
    fn stems<S: AsRef<str>>(&self, words: impl IntoIterator<Item = S>) -> Vec<String> {
        words
            .into_iter()
            .map(|word| {
                let lower = word.as_ref().to_lowercase();
                match lower.len() > LONGEST_KEPT_WORD {
                    true => lower,
                    false => self.stemmer.stem(&lower).into_owned(),
                }
            })
            .collect()
    }

    /// The indexed words within one typo of `word` (or `word` itself when
    /// it is short), for the page's note and the snippets.
    fn near_words(&self, word: &str) -> Result<Vec<String>, SearchError> {
        if word.chars().count() < FUZZY_MIN_CHARS {
            return Ok(vec![word.to_string()]);
        }
        let query = FuzzyTermQuery::new(Term::from_field_text(self.fields.text, word), 1, true);
        let automaton = query.automaton()?;
        let mut found = std::collections::BTreeSet::new();
        for segment in self.searcher.segment_readers() {
            for field in [self.fields.name, self.fields.text] {
                let inverted = segment.inverted_index(field)?;
                let mut stream = inverted.terms().search(&automaton).into_stream()?;
                while stream.advance() {
                    if let Ok(term) = std::str::from_utf8(stream.key()) {
                        found.insert(term.to_string());
                    }
                }
            }
        }
        Ok(found.into_iter().collect())
    }

    /// `text` within the filters: its best `limit` hits (none for 0) and
    /// how many documents match.
    fn run(&self, text: &dyn Query, filters: &Filters, limit: usize) -> Result<Found, SearchError> {
        // Without filters the wrapper would hold the text alone, which
        // scores as the text does (`unfiltered_runs_equal_the_wrapped_query`):
        // most searches skip cloning the query and building the wrapper.
        let wrapped;
        let query: &dyn Query = if *filters == Filters::default() {
            text
        } else {
            wrapped = self.with_filters(text.box_clone(), filters);
            &wrapped
        };
        if limit == 0 {
            return Ok((Vec::new(), self.searcher.search(query, &Count)?));
        }
        // One pass for both: counting apart (`Query::count`) took longer on
        // the 100,000-card benchmark than scoring every match once.
        let top = TopDocs::with_limit(limit).order_by_score();
        Ok(self
            .searcher
            .search_with_statistics_provider(query, &(top, Count), &self.statistics)?)
    }

    fn with_filters(&self, text: Box<dyn Query>, filters: &Filters) -> BooleanQuery {
        let f = self.fields;
        let term = |field: Field, value: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(field, value),
                IndexRecordOption::Basic,
            ))
        };
        let flag = |field: Field, value: bool| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_bool(field, value),
                IndexRecordOption::Basic,
            ))
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text)];
        if let Some(v) = &filters.faction {
            clauses.push((Occur::Must, term(f.faction, v)));
        }
        if let Some(k) = filters.kind {
            clauses.push((Occur::Must, term(f.kind, k.as_str())));
        }
        if let Some(v) = &filters.slot {
            clauses.push((Occur::Must, term(f.slot, v)));
        }
        if let Some(v) = &filters.ship {
            clauses.push((Occur::Must, term(f.ship, v)));
        }
        if let Some(v) = filters.unique {
            clauses.push((Occur::Must, flag(f.unique, v)));
        }
        if let Some(v) = filters.limited {
            clauses.push((Occur::Must, flag(f.limited, v)));
        }
        if let Some(v) = filters.huge_only {
            clauses.push((Occur::Must, flag(f.huge_only, v)));
        }
        if let Some(size) = filters.size {
            clauses.push((Occur::Must, term(f.size, size.as_str())));
        }
        if let Some((lo, hi)) = filters.skill {
            clauses.push((
                Occur::Must,
                Box::new(RangeQuery::new(
                    Bound::Included(Term::from_field_u64(f.skill, lo)),
                    Bound::Included(Term::from_field_u64(f.skill, hi)),
                )),
            ));
        }
        if filters.min_points.is_some() || filters.max_points.is_some() {
            let bound = |v: Option<i64>, inclusive: fn(Term) -> Bound<Term>| match v {
                Some(v) => inclusive(Term::from_field_i64(f.points, v)),
                None => Bound::Unbounded,
            };
            clauses.push((
                Occur::Must,
                Box::new(RangeQuery::new(
                    bound(filters.min_points, Bound::Included),
                    bound(filters.max_points, Bound::Included),
                )),
            ));
        }
        BooleanQuery::new(clauses)
    }

    /// The words a snippet bolds, weighted as tantivy's `SnippetGenerator`
    /// weighs them: the query's words in the text field, the rarer the
    /// heavier; for a typo-tolerant query, every word it matched, equally.
    fn highlighter(&self, plan: &Plan) -> Result<Highlighter, SearchError> {
        let field = self.fields.text;
        let mut weights: BTreeMap<String, f32> = BTreeMap::new();
        match &plan.fuzzy {
            Some(expanded) => {
                for (_, near) in expanded {
                    weights.extend(near.iter().map(|w| (w.clone(), 1.0)));
                }
            }
            None => {
                let mut terms = Vec::new();
                plan.text.query_terms(&mut |term, _| {
                    if term.field() == field || term.field() == self.fields.text_exact {
                        terms.push(term.clone());
                    }
                });
                let exact = self.fields.text_exact;
                for term in terms {
                    let Some(word) = term.value().as_str().map(str::to_string) else {
                        continue;
                    };
                    let doc_freq = self.statistics.doc_freq(&term)?;
                    if doc_freq > 0 {
                        // The snippet's words are stems; a phrase's words
                        // as written are stemmed to find them.
                        let word = match term.field() == exact {
                            true => self.stems([word]).remove(0),
                            false => word,
                        };
                        weights.insert(word, 1.0 / (1.0 + doc_freq as f32));
                    }
                }
            }
        }
        Ok(Highlighter::new(
            &self.vocabulary,
            weights.iter().map(|(w, &weight)| (w.as_str(), weight)),
            SNIPPET_CHARS,
        ))
    }
}

/// The hit on a document, its text cut to a snippet around the words found.
fn hit(shown: &Shown, score: f32, highlighter: &Highlighter) -> Hit {
    let snippet = match highlighter.fragment(&shown.text, &shown.words) {
        Some(fragment) => snippet_html(&fragment),
        // The words matched the name only (or no words were given):
        // show the start of the text.
        None => plain_start(&shown.text),
    };
    Hit {
        xws: shown.xws.clone(),
        name: shown.name.clone(),
        kind: shown.kind,
        slot: shown.slot.clone(),
        ship: shown.ship.clone(),
        points: shown.points,
        score,
        snippet,
        url: shown.url.clone(),
    }
}

/// The best hits and the count of a query that ran.
type Found = (Vec<(f32, DocAddress)>, usize);

struct Plan {
    text: Box<dyn Query>,
    /// `text`'s hits and count, when planning ran it.
    found: Option<Found>,
    fuzzy: Option<Vec<(String, Vec<String>)>>,
    /// No document had every word: those with the most come first.
    some_words: bool,
    lenient: bool,
    truncated: bool,
}

/// The snippet as HTML, the words found in `<b>`: what tantivy's
/// `Snippet::to_html` writes, with `html_escape`'s escaping, which took a
/// third of the time tantivy's escaper did (profiled on the shipped cards).
/// The words found come in the order the text has them.
fn snippet_html(snippet: &Fragment<'_>) -> String {
    let fragment = snippet.text;
    let mut html = String::with_capacity(fragment.len() + 16);
    // Card text seldom holds `&`, `<` or `>`: `memchr` finds that out
    // faster than `html_escape` copies byte by byte, which was 17% of a
    // search for "energy" on the shipped cards.
    let plain = memchr::memchr3(b'&', b'<', b'>', fragment.as_bytes()).is_none();
    let escape = |text: &str, html: &mut String| {
        if plain {
            html.push_str(text);
        } else {
            html_escape::encode_text_to_string(text, html);
        }
    };
    let mut at = 0;
    for range in snippet.found.iter().cloned() {
        // Overlapping highlights merge into the one already written.
        let start = range.start.max(at);
        let (Some(before), Some(found)) = (fragment.get(at..start), fragment.get(start..range.end))
        else {
            continue;
        };
        escape(before, &mut html);
        if !found.is_empty() {
            html.push_str("<b>");
            escape(found, &mut html);
            html.push_str("</b>");
        }
        at = range.end.max(at);
    }
    escape(fragment.get(at..).unwrap_or_default(), &mut html);
    html
}

/// The first words of a text, HTML-escaped, as a snippet without highlights.
fn plain_start(text: &str) -> String {
    let mut cut: String = text.chars().take(SNIPPET_CHARS).collect();
    if cut.len() < text.len() {
        if let Some(space) = cut.rfind(char::is_whitespace) {
            cut.truncate(space);
        }
        cut.push('…');
    }
    html_escape::encode_text(&cut).into_owned()
}

/// Longest word the default tokenizer keeps, in bytes (tantivy's
/// `RemoveLongFilter` in the `default` analyzer drops longer ones).
const LONGEST_KEPT_WORD: usize = 39;

/// Words the query syntax reads as operators, not as words.
const OPERATORS: [&str; 5] = ["AND", "OR", "NOT", "IN", "TO"];

/// The query's words when it is nothing but plain words: ASCII letters
/// and digits, each a word the default tokenizer keeps whole, and none the
/// query syntax reads as an operator. `None` for anything else (quotes,
/// fields, `-`, `+`, other scripts), which the parser reads.
fn plain_words(q: &str) -> Option<Vec<&str>> {
    let plain = |w: &&str| {
        w.len() <= LONGEST_KEPT_WORD
            && w.bytes().all(|b| b.is_ascii_alphanumeric())
            && !OPERATORS.contains(w)
    };
    let words: Vec<&str> = q.split_whitespace().collect();
    (!words.is_empty() && words.iter().all(plain)).then_some(words)
}

/// The query's plain words, lowercased (what the default tokenizer keeps).
fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn pilot_text(p: &Pilot) -> String {
    let mut parts = vec![p.printed_ship.clone()];
    parts.extend(p.ability.clone());
    parts.push(format!("Pilot skill {}", p.skill_text()));
    if let Some(e) = p.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// The action bar as words, for the `bar` field.
fn action_names<S: AsRef<str>>(db: &Database, actions: &[S]) -> String {
    let names: Vec<&str> = actions.iter().map(|a| db.action_name(a.as_ref())).collect();
    names.join(", ")
}

fn upgrade_text(db: &Database, u: &Upgrade) -> String {
    let mut parts: Vec<String> = Vec::new();
    // The slot as players say it ("a crew that gives energy").
    let slots: Vec<&str> = u.slots.iter().map(|s| db.slot_name(s)).collect();
    parts.push(format!("{} upgrade", slots.join(" and ")));
    if !u.restriction_text.is_empty() {
        parts.push(u.restriction_text.clone());
    }
    for (i, face) in u.faces.iter().enumerate() {
        if i > 0 {
            parts.push(face.name.clone());
        }
        parts.push(face.text.clone());
    }
    // Printed as icons, not words: said here so "energy" finds them.
    if let Some(e) = u.energy_limit {
        parts.push(format!("Energy limit {e}"));
    }
    if let Some(d) = u.effects.energy_limit_change {
        parts.push(format!("Energy limit {d:+}"));
    }
    parts.join("\n")
}

fn ship_text(s: &Ship) -> String {
    let mut parts = vec![format!("{} ship", s.size.as_str())];
    parts.extend(s.aliases.iter().cloned());
    if let Some(e) = s.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// A ship has no page of its own: its lowest-skill pilot's page shows it,
/// and that pilot's document carries the ship's words. The pilot's index
/// in `db.pilots` for each ship that has one.
fn ship_hosts(db: &Database) -> HashMap<usize, &Ship> {
    db.ships
        .iter()
        .filter_map(|s| {
            db.pilots
                .iter()
                .enumerate()
                .filter(|(_, p)| p.ship == s.xws)
                .min_by_key(|(_, p)| p.skill_or_zero())
                .map(|(i, _)| (i, s))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use tantivy::snippet::{Snippet, SnippetGenerator};

    /// tantivy's own snippet of `text`, as `Fragment`.
    fn theirs<'t>(text: &'t str, snippet: &Snippet) -> Option<Fragment<'t>> {
        (!snippet.is_empty()).then(|| Fragment {
            text: text.get(snippet.fragment_range()).unwrap(),
            found: snippet.highlighted().to_vec(),
        })
    }

    /// `run` skips the filters' wrapper when there are none: the same hits,
    /// scores, order and count as the wrapped query, for words of the name
    /// and the text, phrases, fields, and words no card has.
    #[test]
    fn unfiltered_runs_equal_the_wrapped_query() {
        let db = Database::embedded().unwrap();
        let index = CardIndex::build(&db, &[]).unwrap();
        let none = Filters::default();
        for q in [
            "energy",
            "reinforce token",
            "attack dice",
            "koiogran",
            "crew that gives energy",
            "\"primary weapon\"",
            "name:jabba",
            "zzzz",
        ] {
            let plan = index.plan(q, &none, 20).unwrap();
            let wrapped = index.with_filters(plan.text.box_clone(), &none);
            for limit in [0, 1, 20] {
                let ours = index.run(&*plan.text, &none, limit).unwrap();
                let theirs = if limit == 0 {
                    (Vec::new(), index.searcher.search(&wrapped, &Count).unwrap())
                } else {
                    let top = TopDocs::with_limit(limit).order_by_score();
                    index.searcher.search(&wrapped, &(top, Count)).unwrap()
                };
                assert_eq!(ours, theirs, "{q:?}, limit {limit}");
            }
        }
    }

    /// Words the proptest below draws from: the cards' own (name and text),
    /// capitals, digits, a word no card has, the syntax's operators, and a
    /// word one byte too long for the tokenizer.
    const DRAWN_WORDS: [&str; 16] = [
        "energy",
        "Energy",
        "crew",
        "that",
        "gives",
        "koiogran",
        "attack",
        "dice",
        "jabba",
        "3",
        "zzzz",
        "AND",
        "OR",
        "NOT",
        "and",
        "abcdefghijabcdefghijabcdefghijabcdefghij",
    ];

    /// The same documents in the same order and count, each score equal
    /// to within f32 rounding: three or more clauses may be summed in
    /// another order (an intersection adds its clauses rarest first, and
    /// tantivy's buffered union reports no cost on a pool this small).
    fn same_hits(ours: &Found, theirs: &Found) -> bool {
        ours.1 == theirs.1
            && ours.0.len() == theirs.0.len()
            && ours
                .0
                .iter()
                .zip(&theirs.0)
                .all(|((a, da), (b, db))| da == db && (a - b).abs() <= 1e-5 * a.abs().max(b.abs()))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Plain words built directly find what the parser's query finds
        /// (the same hits and scores; for one word, the same tree), and a word no
        /// card has means the parser's query finds nothing, so skipping its
        /// run loses nothing.
        #[test]
        fn parsed_plain_words_are_built_as_parsed(
            picks in proptest::collection::vec(0..DRAWN_WORDS.len(), 1..5),
        ) {
            let index = shipped_index();
            let q = picks.iter().map(|&i| DRAWN_WORDS[i]).collect::<Vec<_>>().join(" ");
            if let Some(words) = plain_words(&q) {
                let parsed = index.parser.parse_query(&q).unwrap();
                let stems = index.stems(&words);
                let built = index.every_word(&words, &stems);
                let in_all = stems.iter().all(|w| {
                    [index.fields.name, index.fields.text, index.fields.bar]
                        .into_iter()
                        .all(|field| index.statistics.holds(field, w))
                });
                if in_all && words.len() == 1 {
                    proptest::prop_assert_eq!(
                        format!("{built:?}"),
                        format!("{parsed:?}"),
                        "{:?}", q
                    );
                }
                let none = Filters::default();
                let theirs = index.run(&*parsed, &none, 20).unwrap();
                let ours = index.run(&*built, &none, 20).unwrap();
                proptest::prop_assert!(same_hits(&ours, &theirs), "{:?}: {:?} {:?}", q, ours, theirs);
                // Filtered, the filters' own scores join the text's.
                let scum = Filters { faction: Some("scum".into()), ..Filters::default() };
                let ours = index.run(&*built, &scum, 20).unwrap();
                let theirs_scum = index.run(&*parsed, &scum, 20).unwrap();
                proptest::prop_assert!(
                    same_hits(&ours, &theirs_scum),
                    "{:?}: {:?} {:?}", q, ours, theirs_scum
                );
                if index.some_word_absent(&stems) {
                    proptest::prop_assert_eq!(theirs.1, 0, "{:?}", q);
                }
            }
        }
    }

    /// A query's words are stemmed as the index's analyzer stems the text.
    #[test]
    fn a_querys_stems_are_the_analyzers() {
        let index = shipped_index();
        let mut analyzer = stemming_analyzer();
        for word in
            DRAWN_WORDS
                .iter()
                .chain(&["Shields", "reinforced", "LOCKS", "bombs", "ÉNERGIE"])
        {
            let mut stream = analyzer.token_stream(word);
            let theirs = match stream.advance() {
                true => stream.token().text.clone(),
                false => word.to_lowercase(),
            };
            assert_eq!(index.stems([word]), vec![theirs], "{word}");
        }
    }

    /// Counted once, the statistics are the searcher's: every word of the
    /// name and text (and one no card has) counts the same documents, and
    /// queries over every field, filters included, score the same.
    #[test]
    fn statistics_are_the_searchers() {
        let index = shipped_index();
        let (searcher, ours) = (&index.searcher, &index.statistics);
        assert_eq!(
            ours.total_num_docs().unwrap(),
            searcher.total_num_docs().unwrap()
        );
        let f = index.fields;
        for field in [f.name, f.text, f.kind, f.faction] {
            assert_eq!(
                ours.total_num_tokens(field).unwrap(),
                searcher.total_num_tokens(field).unwrap()
            );
        }
        let mut words = 0;
        for field in [f.name, f.text] {
            for segment in searcher.segment_readers() {
                let inverted = segment.inverted_index(field).unwrap();
                let mut stream = inverted.terms().stream().unwrap();
                while stream.advance() {
                    let term =
                        Term::from_field_text(field, std::str::from_utf8(stream.key()).unwrap());
                    assert_eq!(
                        ours.doc_freq(&term).unwrap(),
                        searcher.doc_freq(&term).unwrap()
                    );
                    words += 1;
                }
            }
            let absent = Term::from_field_text(field, "zzzzqqq");
            assert_eq!(ours.doc_freq(&absent).unwrap(), 0);
        }
        assert!(words > 1000, "{words} words");
        let upgrades = Filters {
            kind: Some(HitKind::Upgrade),
            faction: Some("scum".into()),
            ..Filters::default()
        };
        for q in [
            "energy",
            "crew that gives energy",
            "\"primary weapon\"",
            "name:jabba",
        ] {
            for filters in [Filters::default(), upgrades.clone()] {
                let plan = index.plan(q, &filters, 20).unwrap();
                let query = index.with_filters(plan.text.box_clone(), &filters);
                let top = (TopDocs::with_limit(20).order_by_score(), Count);
                assert_eq!(
                    searcher
                        .search_with_statistics_provider(&query, &top, ours)
                        .unwrap(),
                    searcher.search(&query, &top).unwrap(),
                    "{q:?}"
                );
            }
        }
    }

    /// A sentence's any-word query without the fields no card has a word
    /// in finds and scores as the query with every word in both fields,
    /// with filters and without, and finds nothing when no card has any.
    #[test]
    fn a_sentence_leaves_out_what_no_card_has() {
        let index = shipped_index();
        let f = index.fields;
        let scum = Filters {
            faction: Some("scum".into()),
            ..Filters::default()
        };
        for q in [
            "crew that gives energy",
            "attack dice zzzz",
            "koiogran jabba shuttle",
            "zzzz qqqq",
        ] {
            let words = words(q);
            let every: Vec<(Occur, Box<dyn Query>)> = words
                .iter()
                .flat_map(|w| [f.name, f.text].map(|field| Term::from_field_text(field, w)))
                .map(|term| -> (Occur, Box<dyn Query>) {
                    (
                        Occur::Should,
                        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                    )
                })
                .collect();
            let every = BooleanQuery::new(every);
            let pruned = index.any_word(&words);
            for filters in [Filters::default(), scum.clone()] {
                assert_eq!(
                    index.run(&*pruned, &filters, 20).unwrap(),
                    index.run(&every, &filters, 20).unwrap(),
                    "{q:?}"
                );
            }
        }
        assert_eq!(
            index
                .run(
                    &*index.any_word(&words("zzzz qqqq")),
                    &Filters::default(),
                    20
                )
                .unwrap()
                .1,
            0
        );
    }

    /// Plain words only: what the syntax reads otherwise goes to the parser.
    #[test]
    fn only_plain_words_skip_the_parser() {
        assert_eq!(plain_words("Energy  crew"), Some(vec!["Energy", "crew"]));
        for q in [
            "x-wing",
            "\"primary weapon\"",
            "name:jabba",
            "a AND b",
            "NOT x",
            "+a",
            "énergie",
        ] {
            assert_eq!(plain_words(q), None, "{q:?}");
        }
        assert_eq!(
            plain_words(&"a".repeat(LONGEST_KEPT_WORD)).map(|w| w.len()),
            Some(1)
        );
        assert_eq!(plain_words(&"a".repeat(LONGEST_KEPT_WORD + 1)), None);
    }

    /// The shipped cards' index, built once for the tests that share it.
    fn shipped_index() -> &'static CardIndex {
        static INDEX: std::sync::OnceLock<CardIndex> = std::sync::OnceLock::new();
        INDEX.get_or_init(|| CardIndex::build(&Database::embedded().unwrap(), &[]).unwrap())
    }

    #[test]
    fn snippets_bold_the_words_found_and_escape_the_rest() {
        let index = Index::create_in_ram(Fields::schema().1);
        index.tokenizers().register(STEMMED, stemming_analyzer());
        let field = Fields::schema().0.text;
        let text = "Gain 1 <energy> & spend energy: <script>";
        let mut vocabulary = Vocabulary::default();
        let words = vocabulary.read(&mut index.tokenizer_for_field(field).unwrap(), text);
        // The text field's words are stems.
        let terms = [("energi", 1.0), ("script", 1.0)];
        let highlighter = Highlighter::new(&vocabulary, terms, SNIPPET_CHARS);
        let ours = highlighter.fragment(text, &words).unwrap();
        assert_eq!(
            snippet_html(&ours),
            // The fragment ends with the last word found.
            "Gain 1 &lt;<b>energy</b>&gt; &amp; spend <b>energy</b>: &lt;<b>script</b>"
        );
        // The same text and marks as tantivy's own writer (which also
        // escapes quotes; there are none here).
        let weights = terms.iter().map(|&(t, w)| (t.to_string(), w)).collect();
        let tokenizer = index.tokenizer_for_field(field).unwrap();
        let snippet = SnippetGenerator::new(weights, tokenizer, field, SNIPPET_CHARS).snippet(text);
        assert_eq!(snippet_html(&ours), snippet.to_html());
        let none = Highlighter::new(&vocabulary, [("shield", 1.0)], SNIPPET_CHARS);
        assert_eq!(none.fragment(text, &words), None);
    }

    /// Every document's snippet, for queries of one and several words,
    /// typos and none, is the one tantivy's `SnippetGenerator` makes for
    /// the same query and text, as the index made them before it kept
    /// the words.
    #[test]
    fn snippets_are_tantivys_on_every_shipped_card() {
        let db = Database::embedded().unwrap();
        let index = CardIndex::build(&db, &[]).unwrap();
        let searcher = &index.searcher;
        let mut vocabulary: Vec<String> = index.shown.iter().flat_map(|s| words(&s.text)).collect();
        vocabulary.sort_unstable();
        vocabulary.dedup();
        let mut queries: Vec<String> = [
            "energy",
            "reinforce token",
            "attack dice",
            "koiogran",
            "crew that gives energy",
            "shild",
            "focus OR evade",
            // (A quoted phrase reads the unstemmed fields, whose terms
            // tantivy's generator for the text field does not see; its
            // highlights are held by `a_quoted_phrase_is_exact`.)
            "",
        ]
        .map(String::from)
        .to_vec();
        queries.extend(vocabulary.iter().step_by(4).cloned());
        let mut compared = 0;
        for q in &queries {
            let plan = index.plan(q, &Filters::default(), 20).unwrap();
            let ours = index.highlighter(&plan).unwrap();
            let field = index.fields.text;
            let mut generator = match &plan.fuzzy {
                Some(expanded) => {
                    let terms: BTreeMap<String, f32> = expanded
                        .iter()
                        .flat_map(|(_, near)| near.iter().map(|w| (w.clone(), 1.0)))
                        .collect();
                    let tokenizer = searcher.index().tokenizer_for_field(field).unwrap();
                    SnippetGenerator::new(terms, tokenizer, field, SNIPPET_CHARS)
                }
                None => SnippetGenerator::create(searcher, &*plan.text, field).unwrap(),
            };
            generator.set_max_num_chars(SNIPPET_CHARS);
            for shown in &index.shown {
                let expected = theirs(&shown.text, &generator.snippet(&shown.text));
                assert_eq!(
                    ours.fragment(&shown.text, &shown.words),
                    expected,
                    "{q:?} on {}",
                    shown.xws
                );
                compared += usize::from(expected.is_some());
            }
        }
        // Many of them found something to bold.
        assert!(compared > 3_000, "{compared} snippets compared");
        println!(
            "{} queries, {} documents, {compared} snippets with words found",
            queries.len(),
            index.shown.len()
        );
    }
}
