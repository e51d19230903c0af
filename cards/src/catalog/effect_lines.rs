//! An upgrade's restrictions and effects as the card page lists them under
//! "Rules as data": one line for each rule the card's data holds, as
//! values and no words, card-wide rules first (`card_lines`), then face
//! by face (`face_lines`). The words are the `cards` catalogue's, in
//! every language (app/src/components/effect_text.rs).
//!
//! Each kind of rule is a variant of [`EffectLine`], read from the column
//! `catalog/load.rs` reads it into; a card with a new value in a known
//! column needs no code.

use super::expr::{Requirement, SlotFilter};
use super::model::{Face, ShipSize, Upgrade};
use super::stat::Stat;

/// One rule of a card, as the card page lists it. Names are XWS names
/// (slots, ships, factions, actions), a page names them in its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EffectLine {
    /// A card of two slots or more fills them all.
    Occupies {
        slots: Vec<String>,
    },
    /// Only these ships may equip it.
    Ships {
        ships: Vec<String>,
    },
    /// Only these factions may equip it.
    Factions {
        factions: Vec<String>,
    },
    /// …unless the squad has this card (its XWS name).
    AnyFactionWith {
        card: String,
    },
    HugeOnly,
    /// Only ships of these sizes (never huge only, which
    /// [`EffectLine::HugeOnly`] says).
    Sizes {
        sizes: Vec<ShipSize>,
    },
    /// One copy per ship.
    Limited,
    /// At most this many copies in a squad.
    SquadLimit {
        max: u8,
    },
    Requires {
        requirement: Requirement,
    },
    /// The upgrade bar gains these slots.
    Grants {
        slots: Vec<String>,
    },
    /// The upgrade bar loses every slot of these types.
    LosesEvery {
        slots: Vec<String>,
    },
    /// A slot the card grants holds only what the filter lets in.
    GrantedSlotTakes {
        filter: SlotFilter,
    },
    /// Cards of a slot type (`None`: every other card) cost less.
    Discount {
        slot: Option<String>,
        amount: i32,
    },
    /// No two copies of one card in these slot types.
    DistinctIn {
        slots: Vec<String>,
    },
    /// The upgrade bar gains one of these slots, of the player's choice.
    GrantsOneOf {
        slots: Vec<String>,
    },
    /// The upgrade bar loses one slot of each of these.
    Loses {
        slots: Vec<String>,
    },
    /// The ship cannot equip cards of these slot types.
    CannotEquip {
        slots: Vec<String>,
    },
    /// While the face is up, the action bar gains these actions.
    ActionsGained {
        actions: Vec<String>,
    },
    /// While the face is up, the pilot skill changes by `delta`.
    SkillChange {
        delta: i8,
    },
    /// While the face is up, a stat changes by `delta`.
    StatChange {
        stat: Stat,
        delta: i8,
    },
}

/// A line and the face it belongs to: a dual card's face lines name the
/// face, a card of one face names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    pub line: EffectLine,
    pub face: Option<EffectFace>,
}

/// The face of a dual card a line is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectFace {
    /// 1 or 2.
    pub number: usize,
    /// The face's printed name.
    pub name: String,
}

/// The card's structured restrictions and effects: what the card page
/// lists under "Rules as data".
///
/// ```
/// use cards::catalog::{EffectLine, effect_lines};
/// let db = cards::catalog::Database::embedded().unwrap();
/// let jabba = db.upgrade("jabbathehutt").unwrap();
/// assert_eq!(
///     effect_lines(jabba)[0].line,
///     EffectLine::Occupies { slots: vec!["crew".into(), "crew".into()] }
/// );
/// ```
pub fn effect_lines(upgrade: &Upgrade) -> Vec<Effect> {
    let mut lines: Vec<Effect> = (card_lines(upgrade).into_iter())
        .map(|line| Effect { line, face: None })
        .collect();
    for (n, face) in upgrade.faces.iter().enumerate() {
        let named = upgrade.dual.then(|| EffectFace {
            number: n + 1,
            name: face.name.clone(),
        });
        lines.extend(face_lines(face).into_iter().map(|line| Effect {
            line,
            face: named.clone(),
        }));
    }
    lines
}

/// The card-wide rules, in the order the page lists them.
fn card_lines(u: &Upgrade) -> Vec<EffectLine> {
    use EffectLine as L;
    let (r, e) = (&u.restriction, &u.effects);
    let mut lines = Vec::new();
    if u.slots.len() >= 2 {
        lines.push(L::Occupies {
            slots: keys(&u.slots),
        });
    }
    listed(&mut lines, &r.ships, |ships| L::Ships { ships });
    listed(&mut lines, &r.factions, |factions| L::Factions { factions });
    let unless = r.faction_unless.iter();
    lines.extend(unless.map(|card| L::AnyFactionWith { card: card.clone() }));
    if r.huge_only() {
        lines.push(L::HugeOnly);
    } else if !r.sizes.is_empty() {
        lines.push(L::Sizes {
            sizes: r.sizes.clone(),
        });
    }
    if u.limited {
        lines.push(L::Limited);
    }
    lines.extend(u.squad_limit.map(|max| L::SquadLimit { max }));
    let requires = r.requires.iter().cloned();
    lines.extend(requires.map(|requirement| L::Requires { requirement }));
    listed(&mut lines, &e.grants, |slots| L::Grants { slots });
    listed(&mut lines, &e.losses_all, |slots| L::LosesEvery { slots });
    let filters = e.grant_filters.iter().cloned();
    lines.extend(filters.map(|filter| L::GrantedSlotTakes { filter }));
    lines.extend(e.discounts.iter().map(|d| L::Discount {
        slot: d.slot.clone(),
        amount: d.amount,
    }));
    listed(&mut lines, &e.distinct_slots, |slots| L::DistinctIn {
        slots,
    });
    listed(&mut lines, &e.grant_choice, |slots| L::GrantsOneOf {
        slots,
    });
    listed(&mut lines, &e.losses, |slots| L::Loses { slots });
    let forbidden = &e.forbidden_slots;
    listed(&mut lines, forbidden, |slots| L::CannotEquip { slots });
    lines
}

/// What a face does while it is up, in the order the page lists them.
fn face_lines(f: &Face) -> Vec<EffectLine> {
    use EffectLine as L;
    let mut lines = Vec::new();
    listed(&mut lines, &f.actions_gained, |actions| L::ActionsGained {
        actions,
    });
    lines.extend(f.skill_change.map(|delta| L::SkillChange { delta }));
    lines.extend(f.stat_changes.iter().map(|c| L::StatChange {
        stat: c.stat,
        delta: c.delta,
    }));
    lines
}

/// One line naming the list, when it is not empty.
fn listed<S: AsRef<str>>(
    lines: &mut Vec<EffectLine>,
    list: &[S],
    line: impl FnOnce(Vec<String>) -> EffectLine,
) {
    if !list.is_empty() {
        lines.push(line(keys(list)));
    }
}

/// Names as owned strings.
fn keys<S: AsRef<str>>(list: &[S]) -> Vec<String> {
    list.iter().map(|s| s.as_ref().to_string()).collect()
}
