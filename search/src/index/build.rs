//! Building the index of a card set: its documents written, its columns
//! opened, its parsers and statistics made, and the counts of the page
//! before anything is typed counted, once.

use std::collections::HashMap;

use cards::catalog::{CardKeys, Database, Ship};
use cards::query::{FilterCounts, Filters};
use tantivy::columnar::Column;
use tantivy::query::QueryParser;
use tantivy::{Index, ReloadPolicy, Searcher, TantivyDocument};

use super::card_index::{CardIndex, SearchError};
use super::documents::{RuleSection, ship_hosts};
use super::schema::{BAR_BOOST, Fields, NAME_BOOST, STEMMED, stemming_analyzer};
use crate::snippet::Vocabulary;
use crate::statistics::Statistics;

impl CardIndex {
    /// Indexes every card of `db` and the given rules sections.
    pub fn build(db: &Database, rules: &[RuleSection]) -> Result<CardIndex, SearchError> {
        let (fields, schema) = Fields::schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(STEMMED, stemming_analyzer());
        let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
        let f = fields;
        let mut shown = Vec::new();
        let mut vocabulary = Vocabulary::default();
        let mut analyzer = index.tokenizer_for_field(f.text)?;
        let lookups = CardSetLookups::new(db);
        for mut document in lookups.documents(rules, f) {
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
            stemmer: frostem::Stemmer::new(frostem::Algorithm::English),
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
    ) -> impl Iterator<Item = TantivyDocument> + 'a {
        let db = self.db;
        let hosted: Vec<&str> = self.hosts.values().map(|s| s.xws.as_str()).collect();
        (db.pilots.iter().enumerate())
            .map(move |(i, p)| f.pilot(db, &self.keys, p, self.hosts.get(&i).copied()))
            .chain(
                db.upgrades
                    .iter()
                    .map(move |u| f.upgrade(db, &self.keys, &self.all_factions, u)),
            )
            .chain(
                db.ships
                    .iter()
                    .filter(move |s| !hosted.contains(&s.xws.as_str()))
                    .map(move |s| f.ship(db, s)),
            )
            .chain(rules.iter().map(move |r| f.rule(r)))
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

    /// The shipped cards' index, built once for the tests that share it.
    pub(in crate::index) fn shipped_index() -> &'static CardIndex {
        static INDEX: std::sync::OnceLock<CardIndex> = std::sync::OnceLock::new();
        INDEX.get_or_init(|| CardIndex::build(&Database::embedded().unwrap(), &[]).unwrap())
    }
}
