//! The errors of `cards` and of the browser in the page's language
//! (`app/src/components/error_words/`): every variant of `PlayError`,
//! `StoredGameError`, `TravelError`, `LinkError` (each `RecordError` and
//! each field and mark inside a damaged link, each `SquadTooLarge` inside
//! a record) and `BrowserError`, written by the very functions the pages
//! call, in every language. No language but English says one in English,
//! none leaves a placeholder unfilled, and each plural form is its
//! language's own.
//!
//! Each family's examples are checked against a `match` that names every
//! variant (`*_variant` below): a new variant does not build until it has
//! its place there, and the test fails until it has an example.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::collections::BTreeSet;

use app::browser::BrowserError;
use app::components::error_words::{
    browser_error, link_error, play_error, stored_game_error, travel_error,
};
use app::lang::Locale;
use cards::play::{
    CARD_NAME_LIMIT, HugeStep, MAX_STEPS, PlayCounter, PlayError, Player, ShipAt, StoredGameError,
    TokenKind,
};
use cards::squad::SquadField;
use cards::squad::limits::SquadTooLarge;
use cards::squad::link::{LinkError, RecordError, RecordMark};
use cards::squad::travel::TravelError;

/// Counts that take every plural form somewhere: one, few (2-4 in
/// Russian and Polish), many (5), and 22 (few again, `other` in German).
const COUNTS: [usize; 4] = [1, 3, 5, 22];

/// Checks that `examples` hold every variant of a family: `variant`
/// gives each example's place, `count` is how many variants there are.
fn assert_covers<T>(family: &str, examples: &[T], variant: fn(&T) -> usize, count: usize) {
    let seen: BTreeSet<usize> = examples.iter().map(variant).collect();
    let all: BTreeSet<usize> = (0..count).collect();
    assert_eq!(seen, all, "{family}: the examples miss a variant");
}

fn play_variant(e: &PlayError) -> usize {
    match e {
        PlayError::Squad(_) => 0,
        PlayError::NoShips => 1,
        PlayError::NoShip(_) => 2,
        PlayError::NoSquad(_) => 3,
        PlayError::NoSection(_) => 4,
        PlayError::NoDamageCard(_) => 5,
        PlayError::Destroyed => 6,
        PlayError::Crippled => 7,
        PlayError::OutOfBounds { .. } => 8,
        PlayError::UnknownDamageCard(_) => 9,
        PlayError::BadCardName { .. } => 10,
        PlayError::NoEnergy => 11,
        PlayError::NotOnDial(_) => 12,
        PlayError::NoEnergyCard(_) => 13,
        PlayError::NotEnoughEnergy { .. } => 14,
        PlayError::NoAction(_) => 15,
        PlayError::BadLock => 16,
        PlayError::OncePerRound(_) => 17,
        PlayError::NotFaceUp => 18,
        PlayError::Data(_) => 19,
        PlayError::BadCursor { .. } => 20,
        PlayError::TooManySteps(_) => 21,
    }
}

fn counter_variant(c: &PlayCounter) -> usize {
    match c {
        PlayCounter::Shields => 0,
        PlayCounter::Energy => 1,
        PlayCounter::Token(_) => 2,
    }
}

fn step_variant(s: &HugeStep) -> usize {
    match s {
        HugeStep::Reveal => 0,
        HugeStep::Recover => 1,
        HugeStep::Reinforce => 2,
    }
}

fn player_variant(p: &Player) -> usize {
    match p {
        Player::Mine => 0,
        Player::Theirs => 1,
    }
}

fn token_variant(t: &TokenKind) -> usize {
    match t {
        TokenKind::Focus => 0,
        TokenKind::Evade => 1,
        TokenKind::Stress => 2,
        TokenKind::Ion => 3,
        TokenKind::WeaponsDisabled => 4,
        TokenKind::Cloak => 5,
    }
}

fn stored_variant(e: &StoredGameError) -> usize {
    match e {
        StoredGameError::Json(_) => 0,
        StoredGameError::Replay { .. } => 1,
        StoredGameError::Setup(_) => 2,
    }
}

fn travel_variant(e: &TravelError) -> usize {
    match e {
        TravelError::TooLarge(_) => 0,
        TravelError::NotASquadsFile(_) => 1,
        TravelError::TooMany(_) => 2,
        TravelError::BadSquad { name, .. } if name.is_empty() => 3,
        TravelError::BadSquad { .. } => 4,
        TravelError::BadId { .. } => 5,
    }
}

fn link_variant(e: &LinkError) -> usize {
    match e {
        LinkError::NotALink => 0,
        LinkError::UnknownVersion(_) => 1,
        LinkError::NotBase64(_) => 2,
        LinkError::TooShort => 3,
        LinkError::TrailingData => 4,
        LinkError::Checksum => 5,
        LinkError::Damaged(_) => 6,
    }
}

fn record_variant(e: &RecordError) -> usize {
    match e {
        RecordError::EndsInside { .. } => 0,
        RecordError::NotANumber { .. } => 1,
        RecordError::CountOverLimit { .. } => 2,
        RecordError::TextOverLimit { .. } => 3,
        RecordError::NotText { .. } => 4,
        RecordError::ImpossibleCardId { .. } => 5,
        RecordError::BadMark { .. } => 6,
        RecordError::TooLarge(_) => 7,
    }
}

fn field_variant(f: &SquadField) -> usize {
    match f {
        SquadField::Format => 0,
        SquadField::Faction => 1,
        SquadField::FormatAndFaction => 2,
        SquadField::Name => 3,
        SquadField::Notes => 4,
        SquadField::ShipCount => 5,
        SquadField::ShipGroups => 6,
        SquadField::Obstacles => 7,
        SquadField::Obstacle => 8,
        SquadField::Pilot(_) => 9,
        SquadField::UpgradeCount(_) => 10,
        SquadField::UpgradesAndCopies(_) => 11,
        SquadField::Copies(_) => 12,
        SquadField::Upgrade(_) => 13,
        SquadField::Slot(_) => 14,
        SquadField::Choice(_) => 15,
    }
}

fn mark_variant(m: &RecordMark) -> usize {
    match m {
        RecordMark::Slot => 0,
        RecordMark::Choice => 1,
        RecordMark::Card => 2,
        RecordMark::NameCode => 3,
    }
}

fn too_large_variant(e: &SquadTooLarge) -> usize {
    match e {
        SquadTooLarge::Ships { .. } => 0,
        SquadTooLarge::Upgrades { .. } => 1,
        SquadTooLarge::Name { .. } => 2,
        SquadTooLarge::Notes { .. } => 3,
        SquadTooLarge::Key { .. } => 4,
        SquadTooLarge::Obstacles { .. } => 5,
    }
}

fn browser_variant(e: &BrowserError) -> usize {
    match e {
        BrowserError::NoStorage => 0,
        BrowserError::StorageUnreadable => 1,
        BrowserError::StorageRefusedWrite => 2,
        BrowserError::StorageRefusedRemove => 3,
        BrowserError::ClipboardRefused => 4,
    }
}

const PLAYERS: [Player; 2] = Player::BOTH;
const STEPS: [HugeStep; 3] = [HugeStep::Reveal, HugeStep::Recover, HugeStep::Reinforce];

fn counters() -> Vec<PlayCounter> {
    let mut all = vec![PlayCounter::Shields, PlayCounter::Energy];
    all.extend(TokenKind::ALL.map(PlayCounter::Token));
    assert_covers("PlayCounter", &all, counter_variant, 3);
    assert_covers("TokenKind", &TokenKind::ALL, token_variant, 6);
    all
}

fn fields() -> Vec<SquadField> {
    let all = vec![
        SquadField::Format,
        SquadField::Faction,
        SquadField::FormatAndFaction,
        SquadField::Name,
        SquadField::Notes,
        SquadField::ShipCount,
        SquadField::ShipGroups,
        SquadField::Obstacles,
        SquadField::Obstacle,
        SquadField::Pilot(2),
        SquadField::UpgradeCount(2),
        SquadField::UpgradesAndCopies(2),
        SquadField::Copies(2),
        SquadField::Upgrade(2),
        SquadField::Slot(2),
        SquadField::Choice(2),
    ];
    assert_covers("SquadField", &all, field_variant, 16);
    all
}

fn marks() -> Vec<RecordMark> {
    let all = vec![
        RecordMark::Slot,
        RecordMark::Choice,
        RecordMark::Card,
        RecordMark::NameCode,
    ];
    assert_covers("RecordMark", &all, mark_variant, 4);
    all
}

fn too_large_examples() -> Vec<SquadTooLarge> {
    let mut all = Vec::new();
    for n in COUNTS {
        all.push(SquadTooLarge::Ships { ships: 60 + n });
        all.push(SquadTooLarge::Upgrades {
            ship: 2,
            upgrades: 16 + n,
        });
        all.push(SquadTooLarge::Name { chars: 200 + n });
        all.push(SquadTooLarge::Notes { chars: 2000 + n });
        all.push(SquadTooLarge::Obstacles { obstacles: 3 + n });
    }
    all.extend(
        fields()
            .into_iter()
            .map(|what| SquadTooLarge::Key { what, bytes: 65 }),
    );
    assert_covers("SquadTooLarge", &all, too_large_variant, 6);
    all
}

fn record_examples() -> Vec<RecordError> {
    let mut all = Vec::new();
    for what in fields() {
        all.push(RecordError::EndsInside { what });
        all.push(RecordError::NotANumber { what });
        all.push(RecordError::NotText { what });
        all.push(RecordError::ImpossibleCardId { what });
        all.push(RecordError::CountOverLimit {
            what,
            count: 61,
            max: 60,
        });
    }
    for len in COUNTS {
        let what = SquadField::Notes;
        all.push(RecordError::TextOverLimit {
            what,
            len: 8000 + len as u64,
            max: 8000,
        });
    }
    for mark in marks() {
        let what = SquadField::Upgrade(3);
        all.push(RecordError::BadMark { what, mark });
    }
    all.extend(too_large_examples().into_iter().map(RecordError::TooLarge));
    assert_covers("RecordError", &all, record_variant, 8);
    all
}

fn link_examples() -> Vec<LinkError> {
    let mut all = vec![
        LinkError::NotALink,
        LinkError::UnknownVersion("v9".into()),
        LinkError::NotBase64("Invalid symbol 33, offset 5.".into()),
        LinkError::TooShort,
        LinkError::TrailingData,
        LinkError::Checksum,
    ];
    all.extend(record_examples().into_iter().map(LinkError::Damaged));
    assert_covers("LinkError", &all, link_variant, 7);
    all
}

fn play_examples() -> Vec<PlayError> {
    let mut all = vec![
        PlayError::Squad(LinkError::Damaged(RecordError::EndsInside {
            what: SquadField::Pilot(1),
        })),
        PlayError::NoShips,
        PlayError::NoSection(1),
        PlayError::NoDamageCard(0),
        PlayError::Destroyed,
        PlayError::Crippled,
        PlayError::UnknownDamageCard("Ωmega".into()),
        PlayError::NoEnergy,
        PlayError::NotOnDial("3BL".into()),
        PlayError::NoEnergyCard(1),
        PlayError::NotEnoughEnergy { holds: 1, needs: 3 },
        PlayError::BadLock,
        PlayError::NotFaceUp,
        PlayError::Data("missing column".into()),
        PlayError::BadCardName {
            max: CARD_NAME_LIMIT,
        },
        PlayError::TooManySteps(MAX_STEPS),
    ];
    assert_covers("Player", &PLAYERS, player_variant, 2);
    for player in PLAYERS {
        all.push(PlayError::NoShip(ShipAt { player, ship: 4 }));
        all.push(PlayError::NoSquad(player));
    }
    for what in counters() {
        all.push(PlayError::OutOfBounds { what, max: 4 });
    }
    assert_covers("HugeStep", &STEPS, step_variant, 3);
    for step in STEPS {
        all.push(PlayError::NoAction(step));
        all.push(PlayError::OncePerRound(step));
    }
    for n in COUNTS {
        all.push(PlayError::BadCardName { max: n });
        all.push(PlayError::BadCursor {
            cursor: n + 1,
            steps: n,
        });
        all.push(PlayError::TooManySteps(n));
    }
    assert_covers("PlayError", &all, play_variant, 22);
    all
}

fn stored_examples() -> Vec<StoredGameError> {
    let all = vec![
        StoredGameError::Json("expected value at line 1 column 1".into()),
        StoredGameError::Replay {
            step: 3,
            error: PlayError::NoShips,
        },
        StoredGameError::Setup(PlayError::Squad(LinkError::Checksum)),
    ];
    assert_covers("StoredGameError", &all, stored_variant, 3);
    all
}

fn travel_examples() -> Vec<TravelError> {
    let mut all = vec![
        TravelError::NotASquadsFile("EOF while parsing a value".into()),
        TravelError::BadSquad {
            number: 2,
            name: String::new(),
            reason: LinkError::TooShort,
        },
        TravelError::BadSquad {
            number: 3,
            name: "Ωmega".into(),
            reason: LinkError::Damaged(RecordError::NotText {
                what: SquadField::Name,
            }),
        },
        TravelError::BadId { number: 4 },
    ];
    for n in COUNTS {
        all.push(TravelError::TooLarge(3 * 1024 * 1024 + n));
        all.push(TravelError::TooMany(5000 + n));
    }
    assert_covers("TravelError", &all, travel_variant, 6);
    all
}

fn browser_examples() -> Vec<BrowserError> {
    let all = vec![
        BrowserError::NoStorage,
        BrowserError::StorageUnreadable,
        BrowserError::StorageRefusedWrite,
        BrowserError::StorageRefusedRemove,
        BrowserError::ClipboardRefused,
    ];
    assert_covers("BrowserError", &all, browser_variant, 5);
    all
}

/// One error: its English `Display` (what the pages showed before), its
/// sentence in each language (English first), and whether the page's
/// English is the `Display` word for word.
struct Case {
    display: String,
    said: Vec<(Locale, String)>,
    english_is_display: bool,
}

fn case<E: std::fmt::Display>(
    e: &E,
    write: fn(Locale, &E) -> String,
    kept: fn(&E) -> bool,
) -> Case {
    Case {
        display: e.to_string(),
        said: Locale::ALL.iter().map(|l| (*l, write(*l, e))).collect(),
        english_is_display: kept(e),
    }
}

/// Where the page's English leaves the `Display`: a token, an action or
/// the reveal named as the play page's buttons name them, a player's
/// grammar ("you has"), a singular, and a parser's English left out.
fn play_english_kept(e: &PlayError) -> bool {
    !matches!(
        e,
        PlayError::NoSquad(Player::Mine)
            | PlayError::OutOfBounds {
                what: PlayCounter::Shields | PlayCounter::Token(_),
                ..
            }
            | PlayError::NoAction(_)
            | PlayError::OncePerRound(_)
            | PlayError::Data(_)
            | PlayError::BadCardName { max: 1 }
            | PlayError::BadCursor { steps: 1, .. }
            | PlayError::TooManySteps(1)
    )
}

/// The stored game's English: serde's English left out.
fn stored_english_kept(e: &StoredGameError) -> bool {
    !matches!(e, StoredGameError::Json(_))
}

/// The squads file's English: serde's English left out, and a squad from
/// a link (which has no name) not given an empty one.
fn travel_english_kept(e: &TravelError) -> bool {
    let unnamed = matches!(e, TravelError::BadSquad { name, .. } if name.is_empty());
    !unnamed && !matches!(e, TravelError::NotASquadsFile(_))
}

/// The link's English: the base64 decoder's English left out.
fn link_english_kept(e: &LinkError) -> bool {
    !matches!(e, LinkError::NotBase64(_))
}

/// Whether an error names a ship's pilot, which the page's English says
/// "the pilot of ship 2" where the `Display` says "ship 2's pilot": "'s
/// pilot" is also what a skill's glyph before a translated pilot's name
/// reads as, and `languages.rs` would take it for English left on a
/// Polish page.
fn names_a_pilot(display: &str) -> bool {
    display.contains("'s pilot")
}

/// The browser's English: a refused write is not always a squad's.
fn browser_english_kept(e: &BrowserError) -> bool {
    !matches!(e, BrowserError::StorageRefusedWrite)
}

/// Every example of every family, as the pages write it.
fn every_case() -> Vec<Case> {
    let mut cases = Vec::new();
    let play = play_examples();
    cases.extend(play.iter().map(|e| case(e, play_error, play_english_kept)));
    let stored = stored_examples();
    cases.extend(
        stored
            .iter()
            .map(|e| case(e, stored_game_error, stored_english_kept)),
    );
    let travel = travel_examples();
    cases.extend(
        travel
            .iter()
            .map(|e| case(e, travel_error, travel_english_kept)),
    );
    let link = link_examples();
    cases.extend(link.iter().map(|e| case(e, link_error, link_english_kept)));
    let browser = browser_examples();
    cases.extend(
        browser
            .iter()
            .map(|e| case(e, browser_error, browser_english_kept)),
    );
    cases
}

/// The `{name}` placeholders left in a sentence.
fn unfilled(text: &str) -> Vec<String> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_language_but_english_says_an_error_in_english() {
    let cases = every_case();
    assert!(cases.len() > 150, "{} cases", cases.len());
    for case in &cases {
        let english = &case.said[0].1;
        for (locale, sentence) in &case.said[1..] {
            assert_ne!(
                sentence, english,
                "{locale:?} says `{}` in English",
                case.display
            );
            assert!(
                !sentence.contains(&case.display),
                "{locale:?} shows the English `{}` in `{sentence}`",
                case.display
            );
        }
    }
}

#[test]
fn every_placeholder_is_filled_in_every_language() {
    for case in every_case() {
        for (locale, sentence) in &case.said {
            assert!(
                !sentence.trim().is_empty(),
                "{locale:?}: `{}` is empty",
                case.display
            );
            assert!(
                unfilled(sentence).is_empty(),
                "{locale:?}: `{sentence}` leaves {:?} unfilled",
                unfilled(sentence)
            );
        }
    }
}

#[test]
fn english_says_what_the_api_says_but_where_the_page_words_it_better() {
    for case in every_case() {
        let english = &case.said[0].1;
        if case.english_is_display && !names_a_pilot(&case.display) {
            assert_eq!(english, &case.display, "the English page changed");
        } else {
            assert_ne!(english, &case.display, "listed as changed, yet the same");
        }
    }
    // The English the tests of `cards` read (cards/tests/links.rs).
    let over = LinkError::Damaged(RecordError::CountOverLimit {
        what: SquadField::ShipCount,
        count: 61,
        max: 60,
    });
    assert!(
        link_error(Locale::en, &over).contains("the number of ships is 61, over the limit of 60")
    );
}

#[test]
fn counts_take_each_languages_plural_forms() {
    let said = |l: Locale, n: usize| play_error(l, &PlayError::TooManySteps(n));
    assert_eq!(said(Locale::en, 1), "a game keeps at most 1 step");
    assert_eq!(said(Locale::en, 5), "a game keeps at most 5 steps");
    // Russian and Polish: one, few and many are three words.
    for l in [Locale::ru, Locale::pl] {
        let forms: BTreeSet<String> = [1, 3, 5]
            .iter()
            .map(|n| said(l, *n).replace(&n.to_string(), "#"))
            .collect();
        assert_eq!(forms.len(), 3, "{l:?}: {forms:?}");
    }
    let ships = |l: Locale, n: usize| {
        let e = LinkError::Damaged(RecordError::TooLarge(SquadTooLarge::Ships { ships: n }));
        link_error(l, &e)
    };
    assert_ne!(
        ships(Locale::de, 1).replace('1', "#"),
        ships(Locale::de, 61).replace("61", "#")
    );
}

#[test]
fn game_words_are_the_pages_own() {
    // A token, an action and a field are named as the play page and the
    // builder name them (`play.json`, `parts.json`).
    let token = play_error(
        Locale::de,
        &PlayError::OutOfBounds {
            what: PlayCounter::Token(TokenKind::Stress),
            max: 9,
        },
    );
    assert!(token.contains("Stressmarker"), "{token}");
    let action = play_error(Locale::fr, &PlayError::NoAction(HugeStep::Recover));
    assert!(action.contains("Récupération"), "{action}");
    let field = link_error(
        Locale::ru,
        &LinkError::Damaged(RecordError::EndsInside {
            what: SquadField::Pilot(3),
        }),
    );
    assert!(field.contains("пилот корабля 3"), "{field}");
}
