//! The seed's Dreadnought classes.

use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::catalog::LoadErrors;
use crate::catalog::table::{Located, read_rows};

/// A Dreadnought class from the seed's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DreadnoughtClass {
    pub mark: String,
    pub class: String,
    pub move_squares: u8,
    pub weapon_mountings: u8,
    pub cer_value: u16,
}

impl DreadnoughtClass {
    /// Hits to eliminate: one per weapon, then one more (the seed: four weapons, five hits).
    pub fn hits_to_eliminate(&self) -> u8 {
        self.weapon_mountings + 1
    }
}

#[derive(Deserialize, Validate)]
struct ClassRow {
    #[validate(length(min = 1))]
    mark: String,
    #[validate(length(min = 1))]
    class: String,
    #[serde(rename = "move")]
    move_squares: u8,
    weapon_mountings: u8,
    cer_value: u16,
}

/// The seed's Dreadnought classes (`data/dreadnought_classes.csv`).
pub fn classes() -> Result<Vec<DreadnoughtClass>, LoadErrors> {
    let text = include_str!("../../data/dreadnought_classes.csv");
    let rows = read_rows::<ClassRow>("dreadnought_classes.csv", text)?;
    Ok(rows
        .into_iter()
        .map(|Located { row, .. }| DreadnoughtClass {
            mark: row.mark,
            class: row.class,
            move_squares: row.move_squares,
            weapon_mountings: row.weapon_mountings,
            cer_value: row.cer_value,
        })
        .collect())
}
