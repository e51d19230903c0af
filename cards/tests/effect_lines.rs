//! The lines the card page lists under "Rules as data"
//! (`cards::catalog::effect_lines`), as values, on real cards: one card
//! for each kind of rule. Their words are the app's
//! (`app/tests/effect_texts.rs`).

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::{
    Comparison, EffectFace, EffectLine as L, Requirement, ShipSize, SlotFilter, Stat, effect_lines,
};

mod common;
use common::db;

/// The lines of the upgrade of XWS name `xws`, without their faces.
fn lines(xws: &str) -> Vec<L> {
    let effects = effect_lines(db().upgrade(xws).unwrap());
    effects.into_iter().map(|e| e.line).collect()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_card_of_two_slots_says_so_with_its_faction() {
    assert_eq!(
        lines("jabbathehutt"),
        [
            L::Occupies {
                slots: names(&["crew", "crew"])
            },
            L::Factions {
                factions: names(&["scum"])
            }
        ]
    );
}

#[test]
fn a_faction_restriction_another_card_lifts() {
    assert_eq!(
        lines("maul"),
        [
            L::Factions {
                factions: names(&["scum"])
            },
            L::AnyFactionWith {
                card: "ezrabridger".into()
            }
        ]
    );
}

#[test]
fn sizes_huge_only_limited_and_a_squad_limit() {
    assert_eq!(
        lines("deadeye"),
        [L::Sizes {
            sizes: vec![ShipSize::Small]
        }]
    );
    assert_eq!(lines("ordnancetubes"), [L::HugeOnly]);
    assert!(lines("superchargedpowercells").contains(&L::Limited));
    assert_eq!(
        lines("attannimindlink"),
        [
            L::Factions {
                factions: names(&["scum"])
            },
            L::SquadLimit { max: 2 }
        ]
    );
}

#[test]
fn a_title_that_reshapes_the_bar() {
    assert_eq!(
        lines("merchantone"),
        [
            L::Ships {
                ships: names(&["croccruiser"])
            },
            L::Grants {
                slots: names(&["crew", "team"])
            },
            L::Loses {
                slots: names(&["cargo"])
            }
        ]
    );
    let shuttle = lines("tieshuttle");
    assert_eq!(
        shuttle[2],
        L::LosesEvery {
            slots: names(&["torpedo", "missile", "bomb"])
        }
    );
    assert_eq!(
        shuttle[3],
        L::GrantedSlotTakes {
            filter: SlotFilter {
                slot: "crew".into(),
                max_points: Some(4),
                unique: false
            }
        }
    );
    assert_eq!(
        lines("lightscykinterceptor")[1],
        L::CannotEquip {
            slots: names(&["mod"])
        }
    );
}

#[test]
fn requirements_discounts_and_distinct_copies() {
    assert_eq!(
        lines("royalguardtie")[1],
        L::Requires {
            requirement: Requirement::Skill {
                comparison: Comparison::AtLeast,
                value: 5
            }
        }
    );
    assert_eq!(
        lines("tiex1")[2],
        L::Discount {
            slot: Some("system".into()),
            amount: 4
        }
    );
    // A discount of no slot applies to every other card.
    let vaksai = lines("vaksai");
    assert_eq!(
        vaksai[2],
        L::Discount {
            slot: None,
            amount: 1
        }
    );
    assert_eq!(
        vaksai[3],
        L::DistinctIn {
            slots: names(&["mod"])
        }
    );
}

#[test]
fn a_choice_of_icon_and_a_stat_change() {
    let heavy_scyk = lines("heavyscykinterceptor");
    assert!(heavy_scyk.contains(&L::GrantsOneOf {
        slots: names(&["cannon", "turret", "mod"])
    }));
    let hull = L::StatChange {
        stat: Stat::Hull,
        delta: 1,
    };
    assert_eq!(heavy_scyk.last(), Some(&hull));
    assert_eq!(lines("hullupgrade"), [hull]);
}

#[test]
fn what_a_face_does_and_a_dual_card_names_the_face() {
    assert_eq!(lines("veteraninstincts"), [L::SkillChange { delta: 2 }]);
    assert_eq!(
        lines("engineupgrade"),
        [L::ActionsGained {
            actions: names(&["boost"])
        }]
    );
    let faces: Vec<Option<EffectFace>> = (effect_lines(db().upgrade("adaptability").unwrap()))
        .into_iter()
        .map(|e| e.face)
        .collect();
    assert_eq!(
        faces,
        [
            Some(EffectFace {
                number: 1,
                name: "Adaptability (-1)".into()
            }),
            Some(EffectFace {
                number: 2,
                name: "Adaptability (+1)".into()
            })
        ]
    );
    // A card of one face names none.
    let single = effect_lines(db().upgrade("veteraninstincts").unwrap());
    assert_eq!(single[0].face, None);
}

#[test]
fn a_card_with_no_rules_as_data_has_no_line() {
    let db = db();
    let plain = db.upgrades.iter().find(|u| effect_lines(u).is_empty());
    assert!(plain.is_some(), "some card has only its printed text");
}
