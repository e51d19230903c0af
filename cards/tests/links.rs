//! Squad links: the golden file, round trips and damaged codes.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::squad::Squad;
use cards::squad::link;
use cards::squad::{Code, Rules};
use proptest::prelude::*;

#[derive(serde::Deserialize)]
struct Golden {
    code: String,
    squad: Squad,
}

fn golden() -> Vec<Golden> {
    let text = include_str!("golden/links.json");
    serde_json::from_str(text).unwrap()
}

#[test]
fn golden_links_open_the_same_squads_forever() {
    let rules = Rules::embedded().unwrap();
    let cases = golden();
    assert!(cases.len() >= 12);
    for case in &cases {
        let decoded = link::decode(&case.code).unwrap_or_else(|e| panic!("{}: {e}", case.code));
        assert_eq!(decoded, case.squad, "{}", case.code);
        // The encoders write the same code for the same squad: today's (v3)
        // and, for the links made before it, v2 and v1.
        let encoded = match &case.code[..3] {
            "v1." => link::encode_v1(&case.squad),
            "v2." => link::encode_v2(&case.squad),
            _ => link::encode(&case.squad),
        };
        assert_eq!(encoded, case.code);
    }
    // Every v1 squad is pinned in v2 and v3 as well: v2 shorter than v1,
    // v3 never longer than v2, and shorter in all.
    let version =
        |v: &str| -> Vec<&Golden> { cases.iter().filter(|c| c.code.starts_with(v)).collect() };
    let (v1, v2, v3) = (version("v1."), version("v2."), version("v3."));
    assert_eq!((v1.len(), v2.len()), (v3.len(), v3.len()));
    for ((old, new), newest) in v1.iter().zip(&v2).zip(&v3) {
        assert_eq!(old.squad, new.squad);
        assert_eq!(old.squad, newest.squad);
        assert!(new.code.len() < old.code.len(), "{}", new.code);
        assert!(newest.code.len() <= new.code.len(), "{}", newest.code);
    }
    let total = |codes: &[&Golden]| codes.iter().map(|c| c.code.len()).sum::<usize>();
    assert!(total(&v3) < total(&v2));
    // The golden file covers every card of the C-ROC pack (ids under 500,
    // cards/data/SOURCES.md) and every "Heavy Scyk" choice.
    let mut ids = std::collections::BTreeSet::new();
    let mut choices = std::collections::BTreeSet::new();
    for case in &cases {
        for ship in &case.squad.ships {
            if let cards::squad::CardRef::Id(id) = ship.pilot {
                ids.insert(id);
            }
            for e in &ship.upgrades {
                if let cards::squad::CardRef::Id(id) = e.card {
                    ids.insert(id);
                }
                if e.card == cards::squad::CardRef::Id(201) {
                    choices.extend(e.choice.clone());
                }
            }
        }
    }
    for card in rules.db.cards().filter(|c| c.id() < 500) {
        assert!(
            ids.contains(&card.id()),
            "{} is in no golden link",
            card.xws()
        );
    }
    assert_eq!(
        choices.into_iter().collect::<Vec<_>>(),
        ["cannon", "mod", "turret"]
    );
    // The illegal squad decodes as it was, with its problems; unknown ids stay visible.
    let every_upgrade = &cases[1].squad;
    assert!(!rules.validate(every_upgrade).legal);
    let unknown = cases
        .iter()
        .find(|c| c.squad.format == "epic-2014" && !c.squad.ships.is_empty())
        .unwrap();
    let report = rules.validate(&link::decode(&unknown.code).unwrap());
    assert_eq!(
        report
            .problems
            .iter()
            .filter(|p| p.code == Code::UnknownCard)
            .count(),
        4
    );
}

#[test]
fn damaged_codes_say_so_and_keep_what_they_can() {
    let full = &golden()[5]; // the full Epic squad
    let codes = [
        full.code.clone(),
        link::encode_v2(&full.squad),
        link::encode(&full.squad),
    ];
    for code in codes {
        damaged_code_says_so(&code, &full.squad);
    }
}

fn damaged_code_says_so(code: &str, squad: &Squad) {
    for bad in [
        "",
        "hello",
        "v2.AAAA",
        "v2.",
        "v2.A",
        "v2.!!!!",
        "v2.AAAAAAAAAAAA",
        "v3.AAAA",
        "v3.",
        "v3.A",
        "v3.!!!!",
        "v3.AAAAAAAAAAAA",
        "v3.____________",
        "v1.",
        "v1.A",
        "v1.!!!!",
        "v1.AAAAAAAAAAAA",
    ] {
        let d = link::decode_lossy(bad);
        assert!(d.error.is_some(), "{bad:?} decoded");
    }
    let unknown = link::decode_lossy("v9.AAAA").error.unwrap();
    assert_eq!(unknown, link::LinkError::UnknownVersion("v9".into()));
    assert!(unknown.to_string().contains("version"));
    // Every truncation is an error, never a panic, and keeps the ships before the cut.
    let mut best = 0;
    for cut in 0..code.len() {
        let d = link::decode_lossy(&code[..cut]);
        assert!(d.error.is_some(), "cut at {cut} decoded");
        assert!(d.squad.ships.len() <= squad.ships.len());
        for (a, b) in d.squad.ships.iter().zip(&squad.ships) {
            assert_eq!(a.pilot, b.pilot);
        }
        best = best.max(d.squad.ships.len());
    }
    assert!(
        best >= squad.ships.len() - 1,
        "late cuts keep almost every ship"
    );
    // A changed character is caught by the checksum.
    let mut chars: Vec<char> = code.chars().collect();
    let at = chars.len() / 2;
    chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
    let flipped: String = chars.into_iter().collect();
    let d = link::decode_lossy(&flipped);
    assert!(
        d.error.unwrap().to_string().contains("damaged"),
        "{flipped}"
    );
}

proptest! {
    #[test]
    fn any_text_decodes_without_panicking(s in "\\PC{0,200}") {
        let _ = link::decode_lossy(&s);
        let _ = link::decode_lossy(&format!("v1.{s}"));
        let _ = link::decode_lossy(&format!("v2.{s}"));
        let _ = link::decode_lossy(&format!("v3.{s}"));
    }

    #[test]
    fn codes_are_url_safe_and_round_trip(
        name in "\\PC{0,30}",
        notes in "\\PC{0,60}",
        pilots in proptest::collection::vec((0u32..5000, proptest::collection::vec((0u32..5000, proptest::option::of((prop_oneof!["[a-z]{1,8}", "(crew|cargo|mod|title)"], 0u8..5)), proptest::option::of(prop_oneof!["[a-z]{1,8}", "(cannon|turret|mod)"])), 0..6), 1usize..4), 0..10),
        format in prop_oneof!["[a-z:0-9-]{0,12}", "(standard|epic|epic-2014|team-epic)"],
        faction in prop_oneof!["[a-z]{0,12}", "(rebel|imperial|scum)"],
    ) {
        use cards::squad::{CardRef, Equipped, SlotRef, SquadShip};
        let mut squad = Squad::new(&format, &faction);
        squad.name = name;
        squad.notes = notes;
        // Copies of a ship in a row (written once in v2, with a count).
        for (pilot, upgrades, copies) in pilots {
            let ship = SquadShip {
                pilot: if pilot % 11 == 0 { CardRef::Xws(format!("p{pilot}")) } else { CardRef::Id(pilot) },
                upgrades: upgrades.into_iter().map(|(id, slot, choice)| Equipped {
                    card: if id % 7 == 0 { CardRef::Xws(format!("x{id}")) } else { CardRef::Id(id) },
                    slot: slot.map(|(k, i)| SlotRef::new(&k, i)),
                    choice,
                }).collect(),
            };
            squad.ships.extend(std::iter::repeat_n(ship, copies));
        }
        let code = link::encode(&squad);
        prop_assert!(code.starts_with("v3."));
        prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'));
        prop_assert_eq!(link::decode(&code).unwrap(), squad.clone());
        // Links made before v3 still open the same squad.
        prop_assert_eq!(link::decode(&link::encode_v2(&squad)).unwrap(), squad);
    }
}

/// The decoder refuses what `cards::squad::limits` refuses, and a code the
/// checked encoder hands out always decodes back whole.
#[test]
fn codes_at_the_limits_decode_and_one_past_is_refused() {
    use cards::squad::limits::{MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, MAX_UPGRADES_PER_SHIP};
    use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};
    let ship = SquadShip {
        pilot: CardRef::Id(102),
        upgrades: vec![
            Equipped::new(CardRef::Id(212), Some(SlotRef::new("cannon", 0)));
            MAX_UPGRADES_PER_SHIP
        ],
    };
    let mut squad = Squad::new("epic", "scum");
    squad.name = "ß".repeat(MAX_NAME_CHARS);
    squad.notes = "😀".repeat(MAX_NOTES_CHARS);
    squad.ships = vec![ship; MAX_SHIPS];
    let code = link::encode_checked(&squad).expect("at the limits");
    assert_eq!(link::decode(&code), Ok(squad.clone()));

    let mut more = squad.clone();
    more.ships.push(more.ships[0].clone());
    assert!(link::encode_checked(&more).is_err());
    let err = link::decode(&link::encode(&more)).unwrap_err();
    assert!(
        matches!(
            &err,
            link::LinkError::Damaged(link::RecordError::CountOverLimit {
                count: 61,
                max: 60,
                ..
            })
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("the number of ships is 61, over the limit of 60"),
        "{err}"
    );

    let mut more = squad.clone();
    let extra = more.ships[0].upgrades[0].clone();
    more.ships[0].upgrades.push(extra);
    let err = link::decode(&link::encode(&more)).unwrap_err();
    assert!(
        err.to_string()
            .contains("ship 1's number of upgrades is 17"),
        "{err}"
    );

    let mut more = squad;
    more.name.push('ß');
    let err = link::decode(&link::encode(&more)).unwrap_err();
    assert!(err.to_string().contains("201 characters"), "{err}");
}
