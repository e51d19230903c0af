//! One module per page.

pub mod builder;
pub mod cards;
pub mod home;
pub mod lazy;
pub mod not_built;
pub mod rules;
pub mod search;
