//! The YASB link decoder against arbitrary input: it must never panic,
//! stay within the squad limits, and whatever it reads whole must write
//! back as a YASB link that reads whole to the same ships.
#![no_main]

use std::sync::OnceLock;

use cards::squad::{Rules, yasb};
use libfuzzer_sys::fuzz_target;

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| Rules::embedded().expect("the embedded cards load"))
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // As a whole link, and as the data of each version, so the ship
    // reader itself is exercised rather than the address alone.
    let links = [
        text.to_string(),
        format!("?f=Scum+and+Villainy&d=v4!e!{text}&obs={text}"),
        format!("?f=Rebel+Alliance&d=v2!{text}"),
        format!("?d={text}&sn={text}"),
    ];
    for link in links {
        let read = yasb::decode(&rules().db, &link);
        if read.error.is_some() {
            continue;
        }
        assert!(cards::squad::limits::check(&read.squad).is_ok());
        let written = yasb::encode(rules(), &read.squad);
        let again = yasb::decode(&rules().db, &written.url);
        assert_eq!(again.error, None, "{}", written.url);
        if written.losses.is_empty() {
            assert_eq!(again.squad.ships.len(), read.squad.ships.len());
            for (a, b) in again.squad.ships.iter().zip(&read.squad.ships) {
                assert_eq!(a.pilot, b.pilot);
                let cards = |s: &cards::squad::SquadShip| {
                    let mut c: Vec<_> = s.upgrades.iter().map(|e| (e.card.clone(), e.choice.clone())).collect();
                    c.sort();
                    c
                };
                assert_eq!(cards(a), cards(b));
            }
        }
    }
});
