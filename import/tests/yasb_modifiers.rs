//! Every card that changes a ship while it is built, held against YASB's
//! `modifier_func` entries (`cards/data/yasb/cards-common.coffee`): the
//! dial each recolours and the stats and actions each changes. Every
//! difference has a row with a verdict in `cards/data/SOURCES.md` ("Dial
//! changes, and YASB's modifiers"), and every row there says what both
//! sides do, checked here.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::collections::{BTreeMap, BTreeSet};

use cards::catalog::{Database, DialChange, Difficulty, Maneuver, Stat, YasbKind};
use import::{CoffeeEntry, EMBEDDED_YASB_CARDS, canonicalize, read_list};

const SOURCES: &str = include_str!("../../cards/data/SOURCES.md");

/// A dial as cells: (speed, bearing code) to colour.
type Cells = BTreeMap<(u8, String), Difficulty>;

/// One YASB card with a `modifier_func`: our card's XWS name and the
/// body's statements, trimmed.
struct Modifier {
    xws: String,
    body: Vec<String>,
}

/// YASB's bearing columns, in its order (`stats.maneuvers[speed][column]`).
const YASB_COLUMNS: [&str; 6] = ["TL", "BL", "S", "BR", "TR", "K"];

fn modifiers(db: &Database) -> Vec<Modifier> {
    let lines: Vec<&str> = EMBEDDED_YASB_CARDS.lines().collect();
    let mut found = Vec::new();
    for kind in YasbKind::ALL {
        for entry in read_list(EMBEDDED_YASB_CARDS, kind.list()).unwrap() {
            if !entry.fields.contains_key("modifier_func") {
                continue;
            }
            // A YASB card none of ours is (a crippled CR90 section) goes by
            // its own name.
            let xws = our_card(db, kind, &entry)
                .or_else(|| entry.text("name").map(canonicalize))
                .unwrap_or_default();
            found.push(Modifier {
                xws,
                body: body_after(&lines, entry.line),
            });
        }
    }
    found
}

fn our_card(db: &Database, kind: YasbKind, entry: &CoffeeEntry) -> Option<String> {
    let id = u32::try_from(entry.number("id")?).ok()?;
    let card = db.yasb_card(kind, id)?;
    match kind {
        YasbKind::Pilot => db.pilot_by_id(card.card).map(|p| p.xws.to_string()),
        _ => db.upgrade_by_id(card.card).map(|u| u.xws.to_string()),
    }
}

/// The lines of the `modifier_func` body of the entry starting at `line`.
fn body_after(lines: &[&str], line: usize) -> Vec<String> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let at = (line..lines.len())
        .find(|i| lines[*i].contains("modifier_func"))
        .unwrap();
    let depth = indent(lines[at]);
    lines[at + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > depth)
        .map(|l| l.split('#').next().unwrap_or_default().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// What a YASB body does to one printed dial, read from the few shapes
/// the file uses: a cell set outright, every maneuver of one speed, one
/// bearing at every speed (from 1 where the loop skips speed 0), and a
/// range of bearings at one speed.
fn yasb_dial(body: &[String], printed: &Cells) -> Cells {
    let mut dial = printed.clone();
    let mut speeds: Vec<u8> = (0..=5).collect();
    let mut columns: Vec<usize> = Vec::new();
    for line in body {
        if let Some(speed) = between(line, "for turn in [0 ... stats.maneuvers[", "]") {
            speeds = vec![speed.parse().unwrap()];
        } else if line.starts_with("for s") {
            speeds = (0..=5).collect();
        } else if line == "continue if spd == 0" {
            speeds = (1..=5).collect();
        } else if let Some(range) = between(line, "for idx in [", "]") {
            let (a, b) = range.split_once("..").unwrap();
            columns = (a.parse().unwrap()..=b.parse().unwrap()).collect();
        } else if let Some((target, value)) = assignment(line) {
            apply(&mut dial, line, target, value, &speeds, &columns);
        }
    }
    dial
}

fn between<'a>(line: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(start)?;
    Some(&rest[..rest.find(end)?])
}

/// `<target> = <value>` with its colour (0 none, 1 white, 2 green, 3 red).
fn assignment(line: &str) -> Option<(&str, u8)> {
    let (target, rest) = line.split_once(" = ")?;
    let value = rest.split_whitespace().next()?.parse().ok()?;
    Some((target, value))
}

fn colour(value: u8) -> Option<Difficulty> {
    match value {
        1 => Some(Difficulty::White),
        2 => Some(Difficulty::Green),
        3 => Some(Difficulty::Red),
        _ => None,
    }
}

fn apply(dial: &mut Cells, line: &str, target: &str, value: u8, speeds: &[u8], columns: &[usize]) {
    let index = |t: &str| -> Vec<String> {
        t.split('[')
            .skip(1)
            .map(|p| p.trim_end_matches(']').to_string())
            .collect()
    };
    let parts = index(target);
    if parts.len() == 2 && parts[1] == "turn" {
        // Every maneuver the dial has at that speed, whatever its column.
        let speed: u8 = parts[0].parse().unwrap();
        for (_, d) in dial.iter_mut().filter(|((s, _), _)| *s == speed) {
            *d = colour(value).unwrap();
        }
        return;
    }
    // `s[2]` in a loop over speeds; `stats.maneuvers[S][C]` or `[S][turn]`.
    let (cell_speeds, cell_columns): (Vec<u8>, Vec<usize>) = match &parts[..] {
        [c] => (speeds.to_vec(), vec![c.parse().unwrap()]),
        [s, c] if c == "idx" => (vec![s.parse().unwrap()], columns.to_vec()),
        [s, c] => (vec![s.parse().unwrap()], vec![c.parse().unwrap()]),
        _ => panic!("a YASB modifier of a shape this test does not read: {line}"),
    };
    let skip = line
        .split("unless idx == ")
        .nth(1)
        .map(|k| k.trim().parse::<usize>().unwrap());
    // A loop guarded by `> 0` or `!= 0` recolours only what the dial has.
    let existing_only = line.contains("if s[") || parts.len() == 1;
    for speed in cell_speeds {
        for &c in cell_columns.iter().filter(|c| Some(**c) != skip) {
            let key = (speed, YASB_COLUMNS[c].to_string());
            match colour(value) {
                None => {
                    dial.remove(&key);
                }
                Some(_) if existing_only && !dial.contains_key(&key) => {}
                Some(d) => {
                    dial.insert(key, d);
                }
            }
        }
    }
}

fn cells(dial: &[Maneuver]) -> Cells {
    dial.iter()
        .map(|m| ((m.speed, m.bearing_code().to_string()), m.difficulty))
        .collect()
}

/// Our changes applied to a printed dial.
fn our_dial(changes: &[DialChange], printed: &[Maneuver]) -> Cells {
    let mut dial = printed.to_vec();
    for change in changes {
        for m in dial.iter_mut().filter(|m| change.applies_to(m)) {
            m.difficulty = change.becomes;
        }
    }
    cells(&dial)
}

/// Every dial change of our data: card XWS name to the change, written as
/// the column holds it (a dual card's changing face named `xws/2`).
fn our_changes(db: &Database) -> BTreeMap<String, Vec<DialChange>> {
    let mut ours = BTreeMap::new();
    for p in db.pilots.iter().filter(|p| !p.dial_changes.is_empty()) {
        ours.insert(p.xws.to_string(), p.dial_changes.clone());
    }
    for u in &db.upgrades {
        for (i, face) in u.faces.iter().enumerate() {
            if face.dial_changes.is_empty() {
                continue;
            }
            let key = if u.dual {
                format!("{}/{}", u.xws, i + 1)
            } else {
                u.xws.to_string()
            };
            ours.insert(key, face.dial_changes.clone());
        }
    }
    ours
}

/// A table of SOURCES.md under `heading`: each row's cells, by column.
fn table(heading: &str) -> Vec<Vec<String>> {
    let at = SOURCES
        .find(heading)
        .unwrap_or_else(|| panic!("SOURCES.md has {heading}"));
    SOURCES[at..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

/// The ships a card may fly on: those its restriction names, or every one.
fn ships_for<'a>(db: &'a Database, xws: &str) -> Vec<&'a [Maneuver]> {
    let card = xws.split('/').next().unwrap_or(xws);
    let named: Vec<String> = match (db.pilot(card), db.upgrade(card)) {
        (Some(p), _) => vec![p.ship.clone()],
        (_, Some(u)) => u.restriction.ships.clone(),
        _ => Vec::new(),
    };
    db.ships
        .iter()
        .filter(|s| named.is_empty() || named.contains(&s.xws))
        .map(|s| s.dial.as_slice())
        .collect()
}

#[test]
fn every_dial_change_is_held_against_yasb() {
    let db = Database::embedded().unwrap();
    let ours = our_changes(&db);
    let yasb: BTreeMap<String, Vec<String>> = modifiers(&db)
        .into_iter()
        .filter(|m| {
            m.body
                .iter()
                .any(|l| l.contains("maneuvers") || l.starts_with("s["))
        })
        .map(|m| (m.xws, m.body))
        .collect();
    let rows = table("## Dial changes, and YASB's modifiers");
    let mut listed = BTreeSet::new();
    for row in &rows {
        let [card, column, verdict] = &row[..3] else {
            panic!("a row of three cells: {row:?}")
        };
        listed.insert(card.clone());
        let bare = card.split('/').next().unwrap_or(card);
        let mine = ours.get(card).cloned().unwrap_or_default();
        let written: Vec<String> = mine.iter().map(ToString::to_string).collect();
        let expected = DialChange::parse_all(column)
            .map(|c| c.iter().map(ToString::to_string).collect::<Vec<_>>());
        match verdict.split(':').next().unwrap_or_default() {
            "same" | "ours" => assert_eq!(Ok(written), expected, "{card}: our column"),
            "play" => assert!(
                mine.is_empty(),
                "{card} depends on play, yet changes the dial"
            ),
            other => panic!("{card}: verdict `{other}` is not same, ours or play"),
        }
        if verdict.starts_with("play") {
            continue;
        }
        let ships = ships_for(&db, card);
        assert!(!ships.is_empty(), "{card} flies on some ship");
        let agrees = ships.into_iter().all(|printed| {
            let theirs = yasb.get(bare).map(|body| yasb_dial(body, &cells(printed)));
            theirs.unwrap_or_else(|| cells(printed)) == our_dial(&mine, printed)
        });
        assert_eq!(agrees, verdict == "same", "{card}: verdict `{verdict}`");
    }
    for card in ours.keys().chain(yasb.keys()) {
        assert!(
            listed.contains(card) || listed.contains(&format!("{card}/2")),
            "{card} is not in SOURCES.md's dial table"
        );
    }
}

/// A card's stat, skill and action changes, as `hull+1`, `skill+2`,
/// `action:boost`, sorted.
type Effects = BTreeSet<String>;

fn yasb_effects(body: &[String]) -> Effects {
    let mut effects = Effects::new();
    for line in body {
        if let Some(action) = between(line, "stats.actions.push '", "'") {
            effects.insert(format!("action:{}", canonicalize(action)));
        } else if let Some(rest) = line.strip_prefix("stats.") {
            let mut words = rest.split_whitespace();
            let (stat, op, n) = (words.next(), words.next(), words.next());
            if let (Some(stat), Some(op @ ("+=" | "-=")), Some(n)) = (stat, op, n) {
                let sign = if op == "+=" { '+' } else { '-' };
                let stat = if stat == "shields" { "shields" } else { stat };
                effects.insert(format!("{stat}{sign}{n}"));
            }
        }
    }
    effects
}

fn our_effects(db: &Database, xws: &str) -> Effects {
    let mut effects = Effects::new();
    let Some(u) = db.upgrade(xws) else {
        return effects;
    };
    let face = u.face_in_play(None);
    for c in &face.stat_changes {
        effects.insert(format!("{}{:+}", c.stat.as_str(), c.delta));
    }
    if let Some(d) = u.effects.energy_limit_change.filter(|d| *d != 0) {
        effects.insert(format!("{}{d:+}", Stat::Energy.as_str()));
    }
    if let Some(d) = face.skill_change {
        effects.insert(format!("skill{d:+}"));
    }
    for a in &face.actions_gained {
        effects.insert(format!("action:{a}"));
    }
    effects
}

#[test]
fn every_stat_and_action_change_is_held_against_yasb() {
    let db = Database::embedded().unwrap();
    let yasb: BTreeMap<String, Effects> = modifiers(&db)
        .into_iter()
        .map(|m| (m.xws, yasb_effects(&m.body)))
        .filter(|(_, e)| !e.is_empty())
        .collect();
    let ours: BTreeMap<String, Effects> = db
        .upgrades
        .iter()
        .map(|u| (u.xws.to_string(), our_effects(&db, &u.xws)))
        .filter(|(_, e)| !e.is_empty())
        .collect();
    let rows = table("## Stat and action changes, and YASB's modifiers");
    let verdicts: BTreeMap<&str, &str> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str()))
        .collect();
    let mut differences = Vec::new();
    for card in ours.keys().chain(yasb.keys()).collect::<BTreeSet<_>>() {
        let (mine, theirs) = (ours.get(card), yasb.get(card));
        if mine != theirs && !verdicts.contains_key(card.as_str()) {
            differences.push(format!("{card}: ours {mine:?}, YASB {theirs:?}"));
        }
        if mine == theirs {
            assert!(
                !verdicts.contains_key(card.as_str()),
                "{card} agrees: its row is stale"
            );
        }
    }
    assert!(
        differences.is_empty(),
        "differences without a verdict:\n{}",
        differences.join("\n")
    );
    assert!(
        yasb.len() >= 20,
        "YASB's stat modifiers were read: {}",
        yasb.len()
    );
}
