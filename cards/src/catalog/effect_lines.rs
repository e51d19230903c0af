//! An upgrade's restrictions and effects in words, as the card page lists
//! them under "Rules as data": one sentence for each rule the card's data
//! holds, in the order of [`CARD_RULES`] then, face by face, [`FACE_RULES`].
//!
//! Each kind of rule is a row: where its values are read and the sentence
//! they fill. A new kind of rule (a column read in `catalog/load.rs`) is one
//! more row here.

use super::model::{Database, Face, Upgrade};

/// How a list of data names (`crew`, `tiefighter`, `rebel`) reads in a
/// sentence.
#[derive(Debug, Clone, Copy)]
enum Naming {
    /// By the slot's printed name ("Crew").
    Slot,
    /// By the ship's printed name.
    Ship,
    /// By the faction's printed name.
    Faction,
    /// By the action's printed name ("Barrel Roll").
    Action,
    /// As the data writes it (ship sizes: `small`, `large`).
    AsWritten,
}

impl Naming {
    fn name<'a>(self, db: &'a Database, xws: &'a str) -> &'a str {
        match self {
            Naming::Slot => db.slot_name(xws),
            Naming::Ship => db.ship_name(xws),
            Naming::Faction => db.faction_name(xws),
            Naming::Action => db.action_name(xws),
            Naming::AsWritten => xws,
        }
    }
}

/// Where a rule's values are read, on a card (`T` = [`Upgrade`]) or on
/// one of its faces (`T` = [`Face`]).
enum Reading<T: 'static> {
    /// A list of names: one sentence when it holds at least `at_least`,
    /// its names (`{0}`, joined by commas) and how many there are (`{1}`).
    Names {
        list: for<'a> fn(&'a T) -> Vec<&'a str>,
        naming: Naming,
        at_least: usize,
    },
    /// One sentence for each set of values read (`{0}`, `{1}`, …); none
    /// when the card holds no such rule.
    Values(fn(&Database, &T) -> Vec<Vec<String>>),
}

/// One kind of rule and the sentence it reads as.
struct RuleSentence<T: 'static> {
    /// The sentence, with `{0}`, `{1}` where the values go.
    template: &'static str,
    reading: Reading<T>,
}

/// The card-wide rules, in the order the page lists them.
static CARD_RULES: &[RuleSentence<Upgrade>] = &[
    RuleSentence {
        template: "Occupies {1} slots: {0}",
        reading: Reading::Names {
            list: |u| strs(&u.slots),
            naming: Naming::Slot,
            at_least: 2,
        },
    },
    RuleSentence {
        template: "Ships: {0}",
        reading: names(|u| strs(&u.restriction.ships), Naming::Ship),
    },
    RuleSentence {
        template: "Factions: {0}",
        reading: names(|u| strs(&u.restriction.factions), Naming::Faction),
    },
    RuleSentence {
        template: "Any faction if the squad has {0}",
        reading: Reading::Values(|_, u| each(&u.restriction.faction_unless)),
    },
    RuleSentence {
        template: "Huge ship only",
        reading: Reading::Values(|_, u| when(u.restriction.huge_only())),
    },
    // Sizes other than "huge only", which the row above says.
    RuleSentence {
        template: "Ship sizes: {0}",
        reading: names(
            |u| {
                if u.restriction.huge_only() {
                    Vec::new()
                } else {
                    u.restriction.sizes.iter().map(|s| s.as_str()).collect()
                }
            },
            Naming::AsWritten,
        ),
    },
    RuleSentence {
        template: "Limited: one copy per ship",
        reading: Reading::Values(|_, u| when(u.limited)),
    },
    RuleSentence {
        template: "At most {0} per squad",
        reading: Reading::Values(|_, u| each(&u.squad_limit)),
    },
    RuleSentence {
        template: "Requires: {0}",
        reading: Reading::Values(|_, u| each(&u.restriction.requires)),
    },
    RuleSentence {
        template: "Upgrade bar gains: {0}",
        reading: names(|u| strs(&u.effects.grants), Naming::Slot),
    },
    RuleSentence {
        template: "Upgrade bar loses every: {0}",
        reading: names(|u| strs(&u.effects.losses_all), Naming::Slot),
    },
    RuleSentence {
        template: "Granted slot takes {0}",
        reading: Reading::Values(|db, u| {
            let filters = u.effects.grant_filters.iter();
            filters
                .map(|f| vec![f.describe(db.slot_name(&f.slot))])
                .collect()
        }),
    },
    // A discount without a slot applies to every other card.
    RuleSentence {
        template: "{0} upgrades cost {1} less (minimum 0)",
        reading: Reading::Values(|db, u| {
            let discounts = u.effects.discounts.iter();
            discounts
                .map(|d| {
                    let what = d.slot.as_deref().map_or("other", |s| db.slot_name(s));
                    vec![what.to_string(), d.amount.to_string()]
                })
                .collect()
        }),
    },
    RuleSentence {
        template: "No two copies of one card in: {0}",
        reading: names(|u| strs(&u.effects.distinct_slots), Naming::Slot),
    },
    RuleSentence {
        template: "Upgrade bar gains one of: {0}",
        reading: names(|u| strs(&u.effects.grant_choice), Naming::Slot),
    },
    RuleSentence {
        template: "Upgrade bar loses: {0}",
        reading: names(|u| strs(&u.effects.losses), Naming::Slot),
    },
    RuleSentence {
        template: "Cannot equip: {0}",
        reading: names(|u| strs(&u.effects.forbidden_slots), Naming::Slot),
    },
];

/// What a face does while it is up, in the order the page lists them; a
/// dual card's sentences end by naming the face.
static FACE_RULES: &[RuleSentence<Face>] = &[
    RuleSentence {
        template: "Action bar gains: {0}",
        reading: names(|f| strs(&f.actions_gained), Naming::Action),
    },
    RuleSentence {
        template: "Pilot skill {0}",
        reading: Reading::Values(|_, f| {
            f.skill_change
                .map(|d| vec![format!("{d:+}")])
                .into_iter()
                .collect()
        }),
    },
    RuleSentence {
        template: "{0} {1}",
        reading: Reading::Values(|_, f| {
            let changes = f.stat_changes.iter();
            changes
                .map(|c| vec![c.stat.as_str().to_string(), format!("{:+}", c.delta)])
                .collect()
        }),
    },
];

/// The card's structured restrictions and effects in words: what the card
/// page lists under "Rules as data".
///
/// ```
/// let db = cards::catalog::Database::embedded().unwrap();
/// let jabba = db.upgrade("jabbathehutt").unwrap();
/// assert_eq!(cards::catalog::effect_lines(&db, jabba)[0], "Occupies 2 slots: Crew, Crew");
/// ```
pub fn effect_lines(db: &Database, upgrade: &Upgrade) -> Vec<String> {
    let mut lines = sentences(db, CARD_RULES, upgrade, "");
    for (n, face) in upgrade.faces.iter().enumerate() {
        lines.extend(sentences(
            db,
            FACE_RULES,
            face,
            &face_named(upgrade, n, face),
        ));
    }
    lines
}

/// How a face's sentences end: a dual card says which face, a card of one
/// face says nothing.
fn face_named(upgrade: &Upgrade, n: usize, face: &Face) -> String {
    if upgrade.dual {
        format!(" (face {}, {})", n + 1, face.name)
    } else {
        String::new()
    }
}

/// The sentences of every rule of `rules` that `holder` holds, in order,
/// each ending with `ending`.
fn sentences<T>(db: &Database, rules: &[RuleSentence<T>], holder: &T, ending: &str) -> Vec<String> {
    rules
        .iter()
        .flat_map(|rule| {
            values(db, &rule.reading, holder)
                .into_iter()
                .map(move |values| format!("{}{ending}", fill(rule.template, &values)))
        })
        .collect()
}

/// The sets of values a rule reads on `holder`, one for each sentence.
fn values<T>(db: &Database, reading: &Reading<T>, holder: &T) -> Vec<Vec<String>> {
    match reading {
        Reading::Names {
            list,
            naming,
            at_least,
        } => {
            let list = list(holder);
            if list.len() < *at_least {
                return Vec::new();
            }
            let named: Vec<&str> = list.iter().map(|x| naming.name(db, x)).collect();
            vec![vec![named.join(", "), list.len().to_string()]]
        }
        Reading::Values(read) => read(db, holder),
    }
}

/// The template with each `{i}` replaced by the `i`th value, once (a
/// value's own braces are left as they are).
fn fill(template: &str, values: &[String]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.split_once('}').and_then(|(index, tail)| {
            let value = values.get(index.parse::<usize>().ok()?)?;
            Some((value, tail))
        });
        match value {
            Some((value, tail)) => {
                out.push_str(value);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A list rule: one sentence naming the list when it is not empty.
const fn names<T>(list: for<'a> fn(&'a T) -> Vec<&'a str>, naming: Naming) -> Reading<T> {
    Reading::Names {
        list,
        naming,
        at_least: 1,
    }
}

/// The names of a list of data names, as text.
fn strs<S: AsRef<str>>(list: &[S]) -> Vec<&str> {
    list.iter().map(AsRef::as_ref).collect()
}

/// One sentence of no values when the card says so.
fn when(holds: bool) -> Vec<Vec<String>> {
    if holds { vec![Vec::new()] } else { Vec::new() }
}

/// One sentence for each value, as the value writes itself.
fn each<'a, V: std::fmt::Display + 'a>(
    values: impl IntoIterator<Item = &'a V>,
) -> Vec<Vec<String>> {
    values.into_iter().map(|v| vec![v.to_string()]).collect()
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn a_template_takes_its_values_once() {
        let values = ["{1}".to_string(), "two".to_string()];
        assert_eq!(fill("{0} and {1}", &values), "{1} and two");
        assert_eq!(fill("no values", &[]), "no values");
        assert_eq!(fill("{9} stays", &values), "{9} stays");
    }
}
