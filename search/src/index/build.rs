//! Building the index of a card set: its documents written, its columns
//! opened, its parsers and statistics made, and the counts of the page
//! before anything is typed counted, once.

use std::collections::HashMap;

use cards::catalog::{CardKeys, Database, Ship, Translations};
use cards::lang::Lang;
use cards::query::{FilterCounts, Filters};
use tantivy::columnar::Column;
use tantivy::query::QueryParser;
use tantivy::{Index, ReloadPolicy, Searcher, TantivyDocument};

use super::analysis::{Analysis, language_analyzer};
use super::card_index::{CardIndex, SearchError};
use super::documents::{RuleSection, ship_hosts};
use super::schema::{BAR_BOOST, Fields, NAME_BOOST, STEMMED};
use super::wording::Wording;
use crate::snippet::Vocabulary;
use crate::statistics::Statistics;

impl CardIndex {
    /// Indexes every card of `db` and the given rules sections, in English.
    pub fn build(db: &Database, rules: &[RuleSection]) -> Result<CardIndex, SearchError> {
        CardIndex::build_in(db, rules, Wording::ENGLISH)
    }

    /// Indexes every card of `db` and the given rules sections in the
    /// language of `translations`: each card's translated name and text
    /// (the English word where the translation has none), lowercased,
    /// folded to ASCII and stemmed by the language's Snowball stemmer
    /// (`analysis.rs`: Russian is not folded; tantivy has no Polish
    /// stemmer, so Polish words are only lowercased and folded). A card's
    /// English name is found as well; hits show the language's name, a
    /// snippet of its text, and the card's address under the language's
    /// prefix; a typo is read as the language's own words.
    ///
    /// ```
    /// use cards::catalog::{Database, Translations};
    /// use cards::lang::Lang;
    /// use search::{CardIndex, Filters};
    /// let db = Database::embedded().unwrap();
    /// let de = Translations::embedded(Lang::De).unwrap().unwrap();
    /// let index = CardIndex::build_translated(&db, &[], &de).unwrap();
    /// let found = index.search("Triebwerk", &Filters::default(), 5).unwrap();
    /// let hit = found.hits.iter().find(|h| h.xws == "engineupgrade").unwrap();
    /// assert_eq!(hit.name, "Verbessertes Triebwerk");
    /// assert_eq!(hit.url, "/de/cards/engineupgrade");
    /// // The English name finds it too.
    /// let found = index.search("Engine Upgrade", &Filters::default(), 5).unwrap();
    /// assert_eq!(found.hits[0].xws, "engineupgrade");
    /// ```
    pub fn build_translated(
        db: &Database,
        rules: &[RuleSection],
        translations: &Translations,
    ) -> Result<CardIndex, SearchError> {
        let lang = translations.language();
        CardIndex::build_in(db, rules, Wording::new(lang, Some(translations)))
    }

    /// The index of `db` and `rules` in `lang`, from its translations if
    /// given (without: the English words, at the language's addresses).
    pub(crate) fn build_in_language(
        db: &Database,
        rules: &[RuleSection],
        lang: Lang,
        translations: Option<&Translations>,
    ) -> Result<CardIndex, SearchError> {
        CardIndex::build_in(db, rules, Wording::new(lang, translations))
    }

    /// The index of `db` and `rules` in `words`' language.
    fn build_in(
        db: &Database,
        rules: &[RuleSection],
        words: Wording,
    ) -> Result<CardIndex, SearchError> {
        let (fields, schema) = Fields::schema();
        let index = Index::create_in_ram(schema);
        let lang = words.lang();
        index
            .tokenizers()
            .register(STEMMED, language_analyzer(lang));
        let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
        let f = fields;
        let mut shown = Vec::new();
        let mut vocabulary = Vocabulary::default();
        let mut analyzer = index.tokenizer_for_field(f.text)?;
        let lookups = CardSetLookups::new(db);
        for mut document in lookups.documents(rules, f, words) {
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
        let ords = ord_columns(&searcher);
        let (parser, exact_parser) = query_parsers(&index, f);
        let searched = [f.name, f.text, f.bar, f.name_exact, f.text_exact];
        let statistics = Statistics::count(&searcher, &searched)?;
        let mut index = CardIndex {
            searcher,
            ords,
            statistics,
            fields,
            parser,
            exact_parser,
            analysis: Analysis::new(lang),
            factions: db.factions.iter().map(|x| x.xws.clone()).collect(),
            slots: upgrade_slots(db),
            ships: db.ships.iter().map(|s| s.xws.clone()).collect(),
            shown,
            vocabulary,
            all_counts: FilterCounts::default(),
        };
        index.all_counts = index.count_each("", &Filters::default())?;
        Ok(index)
    }
}

/// What a card set's documents are written from, looked up once: the
/// cards' page keys, the ship each pilot's page hosts, and the factions
/// an upgrade without a faction restriction fits.
struct CardSetLookups<'a> {
    db: &'a Database,
    keys: CardKeys<'a>,
    hosts: HashMap<usize, &'a Ship>,
    all_factions: Vec<&'a str>,
}

impl<'a> CardSetLookups<'a> {
    fn new(db: &'a Database) -> CardSetLookups<'a> {
        CardSetLookups {
            db,
            keys: db.card_keys(),
            hosts: ship_hosts(db),
            all_factions: db.factions.iter().map(|x| x.xws.as_str()).collect(),
        }
    }

    /// Every document of the card set, in the order of their `ord`: the
    /// pilots (each hosting its ship's words where it is the ship's page),
    /// the upgrades, the ships no pilot hosts, then the rules sections.
    fn documents(
        &'a self,
        rules: &'a [RuleSection],
        f: Fields,
        words: Wording<'a>,
    ) -> impl Iterator<Item = TantivyDocument> + 'a {
        let db = self.db;
        let card_set = (db, &self.keys, words);
        let hosted: Vec<&str> = self.hosts.values().map(|s| s.xws.as_str()).collect();
        (db.pilots.iter().enumerate())
            .map(move |(i, p)| f.pilot(card_set, p, self.hosts.get(&i).copied()))
            .chain(
                db.upgrades
                    .iter()
                    .map(move |u| f.upgrade(card_set, &self.all_factions, u)),
            )
            .chain(
                db.ships
                    .iter()
                    .filter(move |s| !hosted.contains(&s.xws.as_str()))
                    .map(move |s| f.ship(db, words, s)),
            )
            .chain(rules.iter().map(move |r| f.rule(words, r)))
    }
}

/// Each segment's `ord` column, by segment, opened once.
fn ord_columns(searcher: &Searcher) -> Vec<Option<Column<u64>>> {
    searcher
        .segment_readers()
        .iter()
        .map(|segment| segment.fast_fields().u64("ord").ok())
        .collect()
}

/// The parser of a query's words (every word must match; the name counts
/// most, the action bar least) and the parser of a quoted phrase (the name
/// and text as written).
fn query_parsers(index: &Index, f: Fields) -> (QueryParser, QueryParser) {
    let mut parser = QueryParser::for_index(index, vec![f.name, f.text, f.bar]);
    parser.set_conjunction_by_default();
    parser.set_field_boost(f.name, NAME_BOOST);
    parser.set_field_boost(f.bar, BAR_BOOST);
    let mut exact_parser = QueryParser::for_index(index, vec![f.name_exact, f.text_exact]);
    exact_parser.set_conjunction_by_default();
    exact_parser.set_field_boost(f.name_exact, NAME_BOOST);
    (parser, exact_parser)
}

/// The slots some upgrade fills, in the card set's order: the slot
/// filter's values.
fn upgrade_slots(db: &Database) -> Vec<String> {
    db.slots
        .iter()
        .filter(|s| db.upgrades.iter().any(|u| u.slot() == s.xws))
        .map(|s| s.xws.to_string())
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use cards::lang::Lang;

    /// The shipped cards' index, built once for the tests that share it.
    pub(in crate::index) fn shipped_index() -> &'static CardIndex {
        static INDEX: std::sync::OnceLock<CardIndex> = std::sync::OnceLock::new();
        INDEX.get_or_init(|| CardIndex::build(&Database::embedded().unwrap(), &[]).unwrap())
    }

    /// The shipped cards' index in a language, from its shipped
    /// translations, built once for the tests that share it.
    pub(in crate::index) fn shipped_index_in(lang: Lang) -> &'static CardIndex {
        static INDEXES: [std::sync::OnceLock<CardIndex>; Lang::ALL.len()] =
            [const { std::sync::OnceLock::new() }; Lang::ALL.len()];
        let at = Lang::ALL.iter().position(|&l| l == lang).unwrap();
        INDEXES[at].get_or_init(|| {
            let db = Database::embedded().unwrap();
            match Translations::embedded(lang).unwrap() {
                Some(translations) => CardIndex::build_translated(&db, &[], &translations),
                None => CardIndex::build(&db, &[]),
            }
            .unwrap()
        })
    }
}
