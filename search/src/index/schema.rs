//! The index's schema: the fields of a document, what each holds and how
//! it is searched, and the English analyzer that reads their words.

use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TEXT, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};

/// How much a match in a card's name counts over one in its text.
pub(super) const NAME_BOOST: f32 = 3.0;
/// How much a match on a card's action bar counts against one in its text:
/// a card that says the word ranks above one that only has the action.
pub(super) const BAR_BOOST: f32 = 0.1;

/// Longest word the default tokenizer keeps, in bytes (tantivy's
/// `RemoveLongFilter` in the `default` analyzer drops longer ones).
pub(super) const LONGEST_KEPT_WORD: usize = 39;

/// The fields of a document, as the schema numbers them.
#[derive(Clone, Copy)]
pub(super) struct Fields {
    pub(super) xws: Field,
    pub(super) name: Field,
    pub(super) text: Field,
    /// The action bar's words: found, but ranked below a name or text.
    pub(super) bar: Field,
    /// The name and text as written, unstemmed: a quoted phrase matches these.
    pub(super) name_exact: Field,
    pub(super) text_exact: Field,
    pub(super) kind: Field,
    pub(super) slot: Field,
    pub(super) ship: Field,
    pub(super) faction: Field,
    pub(super) unique: Field,
    pub(super) limited: Field,
    pub(super) huge_only: Field,
    pub(super) points: Field,
    pub(super) url: Field,
    pub(super) skill: Field,
    pub(super) energy: Field,
    pub(super) size: Field,
    /// The document's place in `CardIndex::shown`.
    pub(super) ord: Field,
}

/// The name of the English analyzer (`stemming_analyzer`) in the index.
pub(super) const STEMMED: &str = "en_stem";

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
pub(super) fn stemming_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(LONGEST_KEPT_WORD + 1))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::English))
        .build()
}

impl Fields {
    /// The schema: what each field holds and how it is searched.
    pub(super) fn schema() -> (Fields, Schema) {
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
}
