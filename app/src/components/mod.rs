//! Small components shared by the pages, each in a file of its own.

mod alert;
pub mod as_built;
pub mod card_panel;
mod change_mark;
mod column_heads;
pub mod copy;
mod dial_table;
pub mod effect_text;
pub mod error_words;
pub mod form;
pub mod game_terms;
pub mod glyph;
mod hydrate_apart;
mod in_reach;
mod language_menu;
mod linked_text;
mod live_title;
mod not_found_notice;
mod off_the_async_workers;
pub mod option_list;
pub mod owned;
#[cfg(not(feature = "hydrate"))]
pub mod plain_text;
pub mod problem_text;
mod slot_list;
#[cfg(feature = "ssr")]
pub mod snippet_glyphs;
mod stat_block;
mod timed;
mod with_cards;
pub mod worded;

pub use alert::Alert;
pub use column_heads::ColumnHeads;
pub use dial_table::DialTable;
pub(crate) use dial_table::{difficulty_mark, maneuver_glyph, spoken_maneuver};
pub use hydrate_apart::{HydrateApart, hydrate_apart};
pub use in_reach::{HeldPage, PageHold, page_in_reach};
pub use language_menu::LanguageMenu;
pub use linked_text::LinkedText;
pub use live_title::live_title;
pub use not_found_notice::NotFoundNotice;
pub use off_the_async_workers::off_the_async_workers;
pub use slot_list::SlotList;
pub use stat_block::StatBlock;
pub use timed::timed;
pub use with_cards::{WithCards, WithRules};
