//! The simulators' sentences against the catalogues: every sentence
//! `cards` can say has an entry in every language, with only the values
//! the sentence supplies; English says the seed's sentences
//! (`app/tests/golden/energy_events.json`); and every
//! language keeps English's placeholders (`app/tests/catalogues.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cards::lang::Lang;
use cards::sim::energy::{EnergyEvent, EventText};
use leptos::prelude::*;

use super::energy::{ENTRIES, EnergyWords};
use super::{Words, fill};

/// A language's `sims` catalogue.
fn catalogue(lang: Lang) -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code())
        .join("sims.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The strings of entry `key`: itself, or each of its plural forms.
fn forms<'a>(catalogue: &'a BTreeMap<String, String>, key: &str) -> Vec<&'a String> {
    let plural = format!("{key}_");
    catalogue
        .iter()
        .filter(|(k, _)| {
            *k == key
                || k.strip_prefix(&plural)
                    .is_some_and(|c| ["zero", "one", "two", "few", "many", "other"].contains(&c))
        })
        .map(|(_, v)| v)
        .collect()
}

/// The `{{ name }}` placeholders of a string.
fn views(text: &str) -> BTreeSet<String> {
    text.split("{{")
        .skip(1)
        .filter_map(|rest| rest.split_once("}}").map(|(n, _)| n.trim().to_string()))
        .collect()
}

/// A view's text, as a reader sees it: markup and hydration marks gone.
fn text_of(view: AnyView) -> String {
    crate::components::plain_text::plain_text(&view.to_html())
}

#[test]
fn every_energy_sentence_has_an_entry_in_every_language_with_the_values_it_is_given() {
    for key in EventText::ALL {
        assert!(
            ENTRIES.iter().any(|(k, _)| *k == key),
            "{key:?} has no catalogue entry"
        );
    }
    let messages: Vec<_> = EnergyEvent::examples()
        .iter()
        .flat_map(EnergyEvent::messages)
        .collect();
    for lang in Lang::ALL {
        let catalogue = catalogue(lang);
        for (key, entry) in ENTRIES {
            let strings = forms(&catalogue, entry);
            assert!(!strings.is_empty(), "{lang}/sims.json lacks `{entry}`");
            for message in messages.iter().filter(|m| m.key == *key) {
                for name in strings.iter().flat_map(|s| views(s)) {
                    assert!(
                        name == "count" || message.value(&name).is_some(),
                        "{lang}/sims.json `{entry}` names {{{{ {name} }}}}, which {message:?} does not supply"
                    );
                }
            }
        }
    }
}

/// An example event and its English sentences.
#[derive(serde::Deserialize)]
struct HeldEvent {
    event: EnergyEvent,
    english: Vec<String>,
}

/// Every example event's English, held: the sentences of the seed's
/// energy log, each key in each plural form.
#[test]
fn the_english_log_says_the_seeds_sentences() {
    let owner = Owner::new();
    owner.set();
    let said = EnergyWords::new(Words::of(Lang::En), None);
    let held: Vec<HeldEvent> =
        serde_json::from_str(include_str!("../../../tests/golden/energy_events.json")).unwrap();
    assert_eq!(held.len(), EnergyEvent::examples().len());
    for (held, example) in held.iter().zip(EnergyEvent::examples()) {
        assert_eq!(held.event, example);
        let sentences: Vec<String> = (example.messages().iter())
            .map(|m| text_of(said.message(m)))
            .collect();
        assert_eq!(sentences, held.english, "{example:?}");
        assert_eq!(text_of(said.event(&example)), held.english.join(" "));
    }
}

/// An approach of the golden file and the English of its reasoning.
#[derive(serde::Deserialize)]
struct HeldApproach {
    ship: String,
    arc: cards::sim::solo::TallyArc,
    defense: cards::sim::solo::DefenseDie,
    attack: cards::sim::solo::AttackDie,
    /// Stressed, in an enemy's arc, an obstacle ahead, a friend near (bits
    /// 1, 2, 4, 8); all four: ionized too.
    flags: u8,
    steps: Vec<String>,
}

/// The flight system's reasoning in English, held: approaches of three
/// ships that between them say every sentence the seed's charts give
/// (`app/tests/golden/solo_steps.json`).
#[test]
fn the_english_reasoning_says_the_seeds_sentences() {
    use cards::sim::solo::{Approach, Side, decide};
    let owner = Owner::new();
    owner.set();
    let db = cards::catalog::Database::embedded().unwrap();
    let words = Words::of(Lang::En);
    let held: Vec<HeldApproach> =
        serde_json::from_str(include_str!("../../../tests/golden/solo_steps.json")).unwrap();
    for h in &held {
        let ship = db.ship(&h.ship).unwrap();
        let on = |bit: u8| h.flags & bit != 0;
        let a = Approach {
            arc: h.arc,
            defense: h.defense,
            attack: h.attack,
            stressed: on(1),
            in_enemy_arc: on(2),
            obstacle_ahead: on(4),
            friendly_near: on(8),
            ionized: h.flags == 15,
            huge: ship.is_huge(),
            tally_side: on(1).then_some(Side::Right),
            ..Approach::default()
        };
        let d = decide(&ship.dial, &ship.actions, &a).unwrap();
        let said: Vec<String> = d
            .steps
            .iter()
            .map(|s| text_of(words.solo_step(s)))
            .collect();
        assert_eq!(said, h.steps, "{} {:?}", h.ship, a);
    }
}

#[test]
fn plain_strings_are_filled_by_name() {
    let n = 3;
    assert_eq!(
        fill("Round {{ n }} of {{ m }} {", &[("n", &n)]),
        "Round 3 of {{ m }} {"
    );
    assert_eq!(Words::of(Lang::En).percent(0.375, 2), "37.50%");
    assert_eq!(Words::of(Lang::De).decimal(1.5, 3), "1,500");
}

#[test]
fn every_language_says_every_sentence_with_its_values_filled() {
    use cards::sim::solo::{Approach, TallyArc, decide};
    let owner = Owner::new();
    owner.set();
    let db = cards::catalog::Database::embedded().unwrap();
    let ship = db.ship("m3ainterceptor").unwrap();
    let steps: Vec<_> = TallyArc::ALL
        .into_iter()
        .flat_map(|arc| {
            let a = Approach {
                arc,
                stressed: true,
                ..Approach::default()
            };
            decide(&ship.dial, &ship.actions, &a).unwrap().steps
        })
        .collect();
    for lang in Lang::ALL {
        let said = EnergyWords::new(Words::of(lang), None);
        let words = Words::of(lang);
        let events = EnergyEvent::examples();
        let texts = events
            .iter()
            .map(|e| text_of(said.event(e)))
            .chain(steps.iter().map(|s| text_of(words.solo_step(s))));
        for text in texts {
            assert!(
                !text.is_empty() && !text.contains('{') && !text.contains('}'),
                "{lang}: {text}"
            );
        }
    }
}
