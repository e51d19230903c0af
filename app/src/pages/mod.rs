//! One module per page.

pub mod builder;
pub mod cards;
pub mod collection;
mod found_here;
pub mod home;
pub mod lazy;
pub mod not_found;
pub mod play;
pub mod print;
pub mod rules;
pub mod search;
