//! Every kind of legality effect of the whole card pool, as a table of
//! bad/good pairs on real cards: the bad squad has the problem, the good one,
//! near-identical, has not. Each kind is a CSV column or a small expression
//! (`cards/data/SOURCES.md`); the engine knows kinds, never card names.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

mod common;

use cards::squad::{CardRef, Code, Equipped, Report, Severity};

use common::{Ship, rules, squad};

/// A rule, a squad that breaks it and a near-identical one that does not.
struct Pair {
    what: &'static str,
    code: Code,
    format: &'static str,
    faction: &'static str,
    bad: &'static [Ship],
    good: &'static [Ship],
}

fn codes(r: &Report) -> Vec<Code> {
    r.problems.iter().map(|p| p.code).collect()
}

const PAIRS: &[Pair] = &[
    // --- Sizes: small, large, huge, and a list of two.
    Pair {
        what: "a small-ship-only Elite on a large ship",
        code: Code::SizeRestriction,
        format: "standard",
        faction: "rebel",
        bad: &[("chewbacca", &["lightningreflexes"])],
        good: &[("tychocelchu", &["lightningreflexes"])],
    },
    Pair {
        what: "a large-ship-only Modification on a small ship",
        code: Code::SizeRestriction,
        format: "standard",
        faction: "rebel",
        bad: &[("rookiepilot", &["countermeasures"])],
        good: &[("outerrimsmuggler", &["countermeasures"])],
    },
    Pair {
        what: "Navigator (small and large ships) on a huge ship",
        code: Code::SizeRestriction,
        format: "epic",
        faction: "rebel",
        bad: &[("gr75mediumtransport", &["navigator"])],
        good: &[("outerrimsmuggler", &["navigator"])],
    },
    Pair {
        what: "a huge-ship-only Crew on a large ship",
        code: Code::HugeOnly,
        format: "epic",
        faction: "rebel",
        bad: &[("outerrimsmuggler", &["raymusantilles"])],
        good: &[("gr75mediumtransport", &["raymusantilles"])],
    },
    Pair {
        what: "Rear Admiral Chiraneau, huge ship only (the package lost it)",
        code: Code::HugeOnly,
        format: "epic",
        faction: "imperial",
        bad: &[("bountyhunter", &["rearadmiralchiraneau"])],
        good: &[("gozanticlasscruiser", &["rearadmiralchiraneau"])],
    },
    Pair {
        what: "a Modification without the huge label on a huge ship",
        code: Code::HugeModification,
        format: "epic",
        faction: "rebel",
        bad: &[("gr75mediumtransport", &["shieldupgrade"])],
        good: &[("gr75mediumtransport", &["optimizedgenerators"])],
    },
    // --- Ships and factions.
    Pair {
        what: "a title for another ship",
        code: Code::ShipRestriction,
        format: "standard",
        faction: "imperial",
        bad: &[("alphasquadronpilot", &["tiex1"])],
        good: &[("tempestsquadronpilot", &["tiex1"])],
    },
    Pair {
        what: "a Scum card in a Rebel squad",
        code: Code::FactionMismatch,
        format: "standard",
        faction: "rebel",
        bad: &[("lieutenantblount", &["attannimindlink"])],
        good: &[("lieutenantblount", &["veteraninstincts"])],
    },
    Pair {
        what: "Maul in a Rebel squad without Ezra Bridger",
        code: Code::FactionMismatch,
        format: "standard",
        faction: "rebel",
        bad: &[
            ("rebeloperative", &["maul"]),
            ("rebel/attackshuttle/zeborrelios", &[]),
        ],
        good: &[
            ("rebeloperative", &["maul"]),
            ("rebel/attackshuttle/ezrabridger", &[]),
        ],
    },
    Pair {
        what: "Maul with Ezra Bridger as a crew card lifts the restriction too",
        code: Code::FactionMismatch,
        format: "standard",
        faction: "rebel",
        bad: &[("rebeloperative", &["maul"]), ("outerrimsmuggler", &[])],
        good: &[
            ("rebeloperative", &["maul"]),
            ("outerrimsmuggler", &["ezrabridger"]),
        ],
    },
    Pair {
        what: "a First Order pilot in a Rebel squad",
        code: Code::FactionMismatch,
        format: "standard",
        faction: "rebel",
        bad: &[("omegaace", &[])],
        good: &[("poedameron", &[])],
    },
    // --- Unique, Limited and the squad limit.
    Pair {
        what: "two Han Solo cards (a pilot and a crew card share the name)",
        code: Code::UniqueDuplicate,
        format: "standard",
        faction: "rebel",
        bad: &[
            ("rebel/yt1300/hansolo", &[]),
            ("outerrimsmuggler", &["hansolo"]),
        ],
        good: &[
            ("rebel/yt1300/hansolo", &[]),
            ("outerrimsmuggler", &["chewbacca"]),
        ],
    },
    Pair {
        what: "three copies of Attanni Mindlink (at most 2 per squad)",
        code: Code::SquadLimit,
        format: "standard",
        faction: "scum",
        bad: &[
            ("guri", &["attannimindlink"]),
            ("princexizor", &["attannimindlink"]),
            ("blacksunace", &["attannimindlink"]),
        ],
        good: &[
            ("guri", &["attannimindlink"]),
            ("princexizor", &["attannimindlink"]),
            ("blacksunace", &["veteraninstincts"]),
        ],
    },
    // --- Requirements: skill (printed and effective), actions, printed icons, stats.
    Pair {
        what: "Royal Guard TIE below pilot skill 5",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "imperial",
        bad: &[("alphasquadronpilot", &["royalguardtie"])],
        good: &[("felswrath", &["royalguardtie"])],
    },
    Pair {
        what: "Veteran Instincts raises the skill Royal Guard TIE needs",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "imperial",
        bad: &[("sabersquadronpilot", &["royalguardtie", "pushthelimit"])],
        good: &[("sabersquadronpilot", &["royalguardtie", "veteraninstincts"])],
    },
    Pair {
        what: "A-Wing Test Pilot at pilot skill 1",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("prototypepilot", &["awingtestpilot"])],
        good: &[("greensquadronpilot", &["awingtestpilot"])],
    },
    Pair {
        what: "Virago below pilot skill 4",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "scum",
        bad: &[("blacksunenforcer", &["virago"])],
        good: &[("guri", &["virago"])],
    },
    Pair {
        what: "Black One below pilot skill 7",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("bluesquadronnovice", &["blackone"])],
        good: &[("poedameron", &["blackone"])],
    },
    Pair {
        what: "R2-D6 at pilot skill 2",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("rookiepilot", &["r2d6"])],
        good: &[("redsquadronpilot", &["r2d6"])],
    },
    Pair {
        what: "R2-D6 on a pilot whose bar already has an Elite icon",
        code: Code::SlotRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("wedgeantilles", &["r2d6"])],
        good: &[("garvendreis", &["r2d6"])],
    },
    Pair {
        what: "Long-Range Scanners on a bar without a Torpedo icon",
        code: Code::SlotRequirement,
        format: "standard",
        faction: "imperial",
        bad: &[("tempestsquadronpilot", &["longrangescanners"])],
        good: &[("scimitarsquadronpilot", &["longrangescanners"])],
    },
    Pair {
        what: "Autothrusters without the boost action",
        code: Code::ActionRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("rookiepilot", &["autothrusters"])],
        good: &[("prototypepilot", &["autothrusters"])],
    },
    Pair {
        what: "Engine Upgrade's boost lets Autothrusters in (effective action bar)",
        code: Code::ActionRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[(
            "rookiepilot",
            &["renegaderefit", "hullupgrade", "autothrusters"],
        )],
        good: &[(
            "rookiepilot",
            &["renegaderefit", "engineupgrade", "autothrusters"],
        )],
    },
    Pair {
        what: "Pulsed Ray Shield on a ship whose shield value is not 1",
        code: Code::StatRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[("rookiepilot", &["pulsedrayshield"])],
        good: &[("rebeloperative", &["pulsedrayshield"])],
    },
    // --- Slots: two slots, grants, losses, filters, distinct cards, forbidden slots.
    Pair {
        what: "Unguided Rockets need two Missile slots",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("tempestsquadronpilot", &["unguidedrockets"])],
        good: &[("scimitarsquadronpilot", &["unguidedrockets"])],
    },
    Pair {
        what: "Bomblet Generator fills both of a Scurrg's Bomb slots",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "scum",
        bad: &[("karthakkpirate", &["bombletgenerator", "protonbombs"])],
        good: &[("karthakkpirate", &["bombletgenerator"])],
    },
    Pair {
        what: "Wookiee Commandos need two Crew slots",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "rebel",
        bad: &[("rebeloperative", &["wookieecommandos"])],
        good: &[("outerrimsmuggler", &["wookieecommandos"])],
    },
    Pair {
        what: "Emperor Palpatine needs two Crew slots",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("bountyhunter", &["emperorpalpatine"])],
        good: &[("omicrongrouppilot", &["emperorpalpatine"])],
    },
    Pair {
        what: "Slave I grants the Torpedo icon",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("bountyhunter", &["protontorpedoes"])],
        good: &[("bountyhunter", &["slavei", "protontorpedoes"])],
    },
    Pair {
        what: "TIE/x1 grants the System icon",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("tempestsquadronpilot", &["advtargetingcomputer"])],
        good: &[("tempestsquadronpilot", &["tiex1", "advtargetingcomputer"])],
    },
    Pair {
        what: "TIE/x7 takes the Missile icon away",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("onyxsquadronpilot", &["tiex7", "concussionmissiles"])],
        good: &[("onyxsquadronpilot", &["concussionmissiles"])],
    },
    Pair {
        what: "TIE Shuttle takes every Torpedo icon away",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "imperial",
        bad: &[("scimitarsquadronpilot", &["tieshuttle", "protontorpedoes"])],
        good: &[("scimitarsquadronpilot", &["tieshuttle", "weaponsengineer"])],
    },
    Pair {
        what: "TIE Shuttle's Crew slots take cards of 4 points or less",
        code: Code::SlotFilter,
        format: "standard",
        faction: "imperial",
        bad: &[("scimitarsquadronpilot", &["tieshuttle", "gunner"])],
        good: &[("scimitarsquadronpilot", &["tieshuttle", "weaponsengineer"])],
    },
    Pair {
        what: "Havoc's Salvaged Astromech slot takes unique cards only",
        code: Code::SlotFilter,
        format: "standard",
        faction: "scum",
        bad: &[("karthakkpirate", &["havoc", "unhingedastromech"])],
        good: &[("karthakkpirate", &["havoc", "genius"])],
    },
    Pair {
        what: "Havoc takes the Crew icon away",
        code: Code::NoFreeSlot,
        format: "standard",
        faction: "scum",
        bad: &[("karthakkpirate", &["havoc", "mercenarycopilot"])],
        good: &[("karthakkpirate", &["mercenarycopilot"])],
    },
    Pair {
        what: "Smuggling Compartment's extra Modification costs 3 or less",
        code: Code::SlotFilter,
        format: "standard",
        faction: "rebel",
        // The compartment is itself a Modification, in the ship's own slot.
        bad: &[(
            "outerrimsmuggler",
            &["smugglingcompartment", "engineupgrade"],
        )],
        good: &[("outerrimsmuggler", &["smugglingcompartment", "hullupgrade"])],
    },
    Pair {
        what: "Royal Guard TIE's two Modifications must differ",
        code: Code::DuplicateInSlot,
        format: "standard",
        faction: "imperial",
        bad: &[(
            "felswrath",
            &["royalguardtie", "hullupgrade", "hullupgrade"],
        )],
        good: &[(
            "felswrath",
            &["royalguardtie", "hullupgrade", "stealthdevice"],
        )],
    },
    Pair {
        what: "A-Wing Test Pilot's two Elite cards must differ",
        code: Code::DuplicateInSlot,
        format: "standard",
        faction: "rebel",
        bad: &[(
            "greensquadronpilot",
            &["awingtestpilot", "pushthelimit", "pushthelimit"],
        )],
        good: &[(
            "greensquadronpilot",
            &["awingtestpilot", "pushthelimit", "deadeye"],
        )],
    },
    Pair {
        what: "StarViper Mk. II grants a Title slot; its two Titles must differ",
        code: Code::DuplicateInSlot,
        format: "standard",
        faction: "scum",
        bad: &[("guri", &["starvipermkii", "starvipermkii"])],
        good: &[("guri", &["starvipermkii", "virago"])],
    },
    Pair {
        what: "a second Title without StarViper Mk. II's extra slot",
        code: Code::TitleDuplicate,
        format: "standard",
        faction: "scum",
        bad: &[("guri", &["virago", "virago"])],
        good: &[("guri", &["starvipermkii", "virago"])],
    },
    Pair {
        what: "Thrust Corrector on a ship of hull 5",
        code: Code::StatRequirement,
        format: "standard",
        faction: "imperial",
        bad: &[("omicrongrouppilot", &["thrustcorrector"])],
        good: &[("sigmasquadronpilot", &["thrustcorrector"])],
    },
    Pair {
        what: "Vaksai's three Modifications must differ",
        code: Code::DuplicateInSlot,
        format: "standard",
        faction: "scum",
        bad: &[(
            "cartelmarauder",
            &["vaksai", "hullupgrade", "hullupgrade", "stealthdevice"],
        )],
        good: &[(
            "cartelmarauder",
            &["vaksai", "hullupgrade", "shieldupgrade", "stealthdevice"],
        )],
    },
    Pair {
        what: "Ordnance Tubes let a Hardpoint hold a Torpedo",
        code: Code::NoFreeSlot,
        format: "epic",
        faction: "rebel",
        bad: &[(
            "gr75mediumtransport",
            &["optimizedgenerators", "protontorpedoes"],
        )],
        good: &[
            ("cr90corvettefore", &["ordnancetubes", "protontorpedoes"]),
            ("cr90corvetteaft", &[]),
        ],
    },
    Pair {
        what: "\"Light Scyk\" Interceptor forbids Modifications",
        code: Code::ModificationForbidden,
        format: "standard",
        faction: "scum",
        bad: &[("cartelspacer", &["lightscykinterceptor", "hullupgrade"])],
        good: &[("cartelspacer", &["lightscykinterceptor"])],
    },
    // --- Cost changes (floored at 0) and negative costs, against a points limit.
    Pair {
        what: "TIE/x1 takes 4 points off a System card",
        code: Code::PointsOverLimit,
        format: "custom:22",
        faction: "imperial",
        bad: &[(
            "tempestsquadronpilot",
            &["tiex1", "advtargetingcomputer", "concussionmissiles"],
        )],
        good: &[("tempestsquadronpilot", &["tiex1", "advtargetingcomputer"])],
    },
    Pair {
        what: "Vaksai takes 1 point off each other card",
        code: Code::PointsOverLimit,
        format: "custom:25",
        faction: "scum",
        bad: &[("cartelmarauder", &["glitterstim", "concussionmissiles"])],
        good: &[(
            "cartelmarauder",
            &["vaksai", "glitterstim", "concussionmissiles"],
        )],
    },
    Pair {
        what: "Renegade Refit costs -2 and takes 1 off Elite cards",
        code: Code::PointsOverLimit,
        format: "custom:27",
        faction: "rebel",
        bad: &[("wedgeantilles", &["veteraninstincts"])],
        good: &[("wedgeantilles", &["renegaderefit", "veteraninstincts"])],
    },
    // --- Huge ships of two sections fly whole.
    Pair {
        what: "a CR90's Fore section without its Aft",
        code: Code::SectionMissing,
        format: "epic",
        faction: "rebel",
        bad: &[("cr90corvettefore", &[]), ("rookiepilot", &[])],
        good: &[("cr90corvettefore", &[]), ("cr90corvetteaft", &[])],
    },
    Pair {
        what: "two Raider Aft sections and one Fore",
        code: Code::SectionMissing,
        format: "epic",
        faction: "imperial",
        bad: &[
            ("raiderclasscorvettefore", &[]),
            ("raiderclasscorvetteaft", &[]),
            ("raiderclasscorvetteaft", &[]),
        ],
        good: &[
            ("raiderclasscorvettefore", &[]),
            ("raiderclasscorvetteaft", &[]),
            ("academypilot", &[]),
        ],
    },
    // --- Special cases: a reserve pilot with skill and cost "?".
    Pair {
        what: "Nashtah Pup Pilot without Hound's Tooth in the squad",
        code: Code::ReservePilot,
        format: "standard",
        faction: "scum",
        bad: &[("bossk", &[]), ("nashtahpuppilot", &[])],
        good: &[("bossk", &["houndstooth"]), ("nashtahpuppilot", &[])],
    },
    // --- Dual cards: the face in play, and its own effects.
    Pair {
        what: "Adaptability's -1 face drops the skill Royal Guard TIE needs; the +1 face lifts it",
        code: Code::SkillRequirement,
        format: "standard",
        faction: "imperial",
        bad: &[("sabersquadronpilot", &["royalguardtie", "adaptability"])],
        good: &[("sabersquadronpilot", &["royalguardtie", "adaptability:2"])],
    },
    Pair {
        what: "Servomotor S-foils gives Boost only closed (face 2), for Autothrusters",
        code: Code::ActionRequirement,
        format: "standard",
        faction: "rebel",
        bad: &[(
            "rookiepilot",
            &["renegaderefit", "servomotorsfoils", "autothrusters"],
        )],
        good: &[(
            "rookiepilot",
            &["renegaderefit", "servomotorsfoils:2", "autothrusters"],
        )],
    },
    Pair {
        what: "a dual card named by a face it does not have",
        code: Code::ChoiceRequired,
        format: "standard",
        faction: "scum",
        bad: &[("trandoshanslaver", &["arccaster:3"])],
        good: &[("trandoshanslaver", &["arccaster:2"])],
    },
    // --- Huge ships: decimal epic points (each CR90 section 1.5).
    Pair {
        what: "two CR90s (1.5 + 1.5 epic points each) over 5; one and a GR-75 make 5",
        code: Code::EpicPointsOverLimit,
        format: "epic-2014",
        faction: "rebel",
        bad: &[
            ("cr90corvettefore", &[]),
            ("cr90corvetteaft", &[]),
            ("cr90corvettefore", &[]),
            ("cr90corvetteaft", &[]),
        ],
        good: &[
            ("cr90corvettefore", &[]),
            ("cr90corvetteaft", &[]),
            ("gr75mediumtransport", &[]),
        ],
    },
];

#[test]
fn every_effect_kind_has_a_bad_and_a_good_squad() {
    assert!(PAIRS.len() >= 40, "{} pairs", PAIRS.len());
    for pair in PAIRS {
        let bad = rules().validate(&squad(pair.format, pair.faction, pair.bad));
        let good = rules().validate(&squad(pair.format, pair.faction, pair.good));
        assert!(
            codes(&bad).contains(&pair.code),
            "{}: expected {} in {:#?}",
            pair.what,
            pair.code,
            bad.problems
        );
        assert!(
            !codes(&good).contains(&pair.code),
            "{}: did not expect {} in {:#?}",
            pair.what,
            pair.code,
            good.problems
        );
        let severity = bad
            .problems
            .iter()
            .find(|p| p.code == pair.code)
            .unwrap()
            .severity;
        assert!(severity == Severity::Warning || !bad.legal, "{}", pair.what);
        assert!(good.legal, "{}: {:#?}", pair.what, good.problems);
        for p in &bad.problems {
            assert_eq!(p.reason.code(), p.code, "{}: {p:?}", pair.what);
        }
    }
}

#[test]
fn discounts_are_floored_at_zero_and_negative_costs_count() {
    let points = |ships: &[Ship]| rules().validate(&squad("epic", "rebel", ships)).points;
    // Wedge 29, Renegade Refit -2, Veteran Instincts 1 - 1.
    assert_eq!(
        points(&[("wedgeantilles", &["renegaderefit", "veteraninstincts"])]),
        27
    );
    // Adaptability costs 0: the discount takes it no lower.
    assert_eq!(
        points(&[("wedgeantilles", &["renegaderefit", "adaptability"])]),
        27
    );
    let scum = |ships: &[Ship]| rules().validate(&squad("epic", "scum", ships)).points;
    // Cartel Marauder 20, Vaksai 0, Glitterstim 2 - 1, Concussion Missiles 4 - 1.
    assert_eq!(
        scum(&[(
            "cartelmarauder",
            &["vaksai", "glitterstim", "concussionmissiles"]
        )]),
        24
    );
}

/// Nashtah Pup Pilot prints "?" for skill and cost: it is never bought
/// (0 points) and has no skill of its own until play.
#[test]
fn a_reserve_pilot_costs_nothing_and_has_no_skill_of_its_own() {
    let ships: &[Ship] = &[("bossk", &["houndstooth"]), ("nashtahpuppilot", &[])];
    let r = rules().validate(&squad("standard", "scum", ships));
    assert!(r.legal, "{:#?}", r.problems);
    assert_eq!(r.ships[1].points, 0);
    assert_eq!(r.ships[1].skill, None);
    let pup = rules().db.pilot("nashtahpuppilot").unwrap();
    assert_eq!(
        (pup.skill_text(), pup.points_text()),
        ("?".into(), "?".into())
    );
}

#[test]
fn the_report_shows_effective_skill_actions_stats_and_conditions() {
    let r = rules().validate(&squad(
        "standard",
        "imperial",
        &[("sabersquadronpilot", &["veteraninstincts", "royalguardtie"])],
    ));
    assert_eq!(r.ships[0].skill, Some(6), "4 + Veteran Instincts' 2");
    let r = rules().validate(&squad(
        "standard",
        "rebel",
        &[("rookiepilot", &["engineupgrade"])],
    ));
    assert_eq!(r.ships[0].actions, ["focus", "targetlock", "boost"]);
    // Conditions are listed on the ship and cost nothing.
    let r = rules().validate(&squad("standard", "scum", &[("thweek", &[])]));
    assert_eq!(r.ships[0].conditions, ["mimicked", "shadowed"]);
    assert_eq!(r.points, 28);
    let r = rules().validate(&squad(
        "standard",
        "imperial",
        &[("bountyhunter", &["directorkrennic"])],
    ));
    assert_eq!(r.ships[0].conditions, ["optimizedprototype"]);
}

/// Each face's own stat change applies while that face is up.
#[test]
fn a_dual_cards_face_in_play_changes_the_stats() {
    // One pilot with one dual card, that face up.
    let with_face = |pilot: &'static str, card: &str, face: &str| {
        let ships: &[Ship] = &[(pilot, &[])];
        let mut s = squad("standard", "rebel", ships);
        s.ships[0].upgrades.push(Equipped {
            card: CardRef::Xws(card.into()),
            slot: None,
            choice: Some(face.into()),
        });
        rules().validate(&s).ships.remove(0)
    };
    // U-wing agility 1; Pivot Wing (Attack) +1, (Landing) nothing.
    let pivot = |face| with_face("bluesquadronpathfinder", "pivotwing", face).stats;
    assert_eq!(pivot("1").agility, Some(2));
    assert_eq!(pivot("2").agility, Some(1));
    let sfoils = |face| {
        let ship = with_face("rookiepilot", "servomotorsfoils", face);
        (ship.stats.attack, ship.actions)
    };
    assert_eq!(
        sfoils("1"),
        (
            Some(3),
            vec!["focus".into(), "targetlock".into(), "barrelroll".into()]
        )
    );
    assert_eq!(
        sfoils("2"),
        (
            Some(2),
            vec!["focus".into(), "targetlock".into(), "boost".into()]
        )
    );
}

/// The picker of a Hardpoint that Ordnance Tubes lets hold Torpedoes and
/// Missiles offers them, allowed.
#[test]
fn an_aliased_slot_offers_the_types_it_holds() {
    let ships: &[Ship] = &[
        ("cr90corvettefore", &["ordnancetubes"]),
        ("cr90corvetteaft", &[]),
    ];
    let tubes = squad("epic", "rebel", ships);
    let hardpoint = cards::squad::SlotRef::new("hardpoint", 0);
    let options = rules().options(&tubes, 0, &hardpoint);
    let torpedoes = options
        .iter()
        .find(|o| o.card.xws == "protontorpedoes")
        .unwrap();
    assert!(torpedoes.allowed, "{torpedoes:#?}");
    assert!(options.iter().any(|o| o.card.xws == "singleturbolasers"));
    let bare: &[Ship] = &[("cr90corvettefore", &[]), ("cr90corvetteaft", &[])];
    let without = squad("epic", "rebel", bare);
    assert!(
        rules()
            .options(&without, 0, &hardpoint)
            .iter()
            .all(|o| o.card.xws != "protontorpedoes")
    );
}
