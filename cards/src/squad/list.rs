//! The squad as plain text, for chat and forum posts: a header line, then
//! one line per ship: pilot + upgrades (points).
//!
//! ```
//! use cards::squad::list::plain_text;
//! use cards::squad::Rules;
//! use cards::squad::{CardRef, SlotRef, Squad};
//!
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.name = "Merchant's run".into();
//! squad.add_ship(CardRef::Xws("croccruiser".into()));
//! squad.equip(0, SlotRef::new("title", 0), CardRef::Xws("merchantone".into()));
//! assert_eq!(
//!     plain_text(&rules, &squad),
//!     "Merchant's run\nScum and Villainy · Epic (Epic Variant Regulations 2018) · 37/300 points\n\
//!      C-ROC Cruiser + Merchant One (37)\n"
//! );
//! ```

use std::fmt::Write;

use crate::catalog::{Pilot, Upgrade};
use crate::squad::{CardRef, Squad};
use crate::squad::{Report, Rules};

/// The words a squad's list is written in: its labels and the names of the
/// cards, factions and formats it gives, in one language. [`EnglishWords`]
/// are the cards' own; a page gives its language's
/// (app/src/components/problem_text.rs). The list's shape (its lines, the
/// ` · ` and ` + ` between items, the points in brackets, the markup) is
/// the same in every language.
pub trait ListWords {
    fn pilot(&self, pilot: &Pilot) -> String;
    fn upgrade(&self, upgrade: &Upgrade) -> String;
    /// A slot type's name by its XWS name (a chosen icon).
    fn slot(&self, key: &str) -> String;
    /// A faction's name by its XWS name.
    fn faction(&self, key: &str) -> String;
    /// A format's name by its key (the key where no format has it).
    fn format(&self, key: &str) -> String;
    /// The squad's points, of the format's `limit` if known ("37/300 points").
    fn points(&self, points: i32, limit: Option<i32>) -> String;
    /// What an illegal squad's points line ends with, in brackets.
    fn not_legal(&self) -> String;
    /// A pilot the database lacks, as the squad names it.
    fn unknown_pilot(&self, card: &CardRef) -> String;
    /// An upgrade the database lacks, as the squad names it.
    fn unknown_upgrade(&self, card: &CardRef) -> String;
    /// The name of a squad without one.
    fn untitled(&self) -> String;
    /// The line of the squad's obstacles, by key.
    fn obstacles(&self, keys: &[String]) -> String;
}

/// The cards' own English words.
pub struct EnglishWords<'a>(pub &'a Rules);

impl ListWords for EnglishWords<'_> {
    fn pilot(&self, pilot: &Pilot) -> String {
        pilot.name.clone()
    }

    fn upgrade(&self, upgrade: &Upgrade) -> String {
        upgrade.name().to_string()
    }

    fn slot(&self, key: &str) -> String {
        self.0.db.slot_name(key).to_string()
    }

    fn faction(&self, key: &str) -> String {
        self.0.db.faction_name(key).to_string()
    }

    fn format(&self, key: &str) -> String {
        self.0
            .formats
            .get(key)
            .map_or_else(|_| key.to_string(), |f| f.name.clone())
    }

    fn points(&self, points: i32, limit: Option<i32>) -> String {
        match limit {
            Some(limit) => format!("{points}/{limit} points"),
            None => format!("{points} points"),
        }
    }

    fn not_legal(&self) -> String {
        "not legal".to_string()
    }

    fn unknown_pilot(&self, card: &CardRef) -> String {
        format!("unknown pilot {}", card.describe())
    }

    fn unknown_upgrade(&self, card: &CardRef) -> String {
        format!("unknown upgrade {}", card.describe())
    }

    fn untitled(&self) -> String {
        "Squad".to_string()
    }

    fn obstacles(&self, keys: &[String]) -> String {
        let names: Vec<String> = keys
            .iter()
            .map(|o| crate::squad::obstacles::obstacle_name(o))
            .collect();
        format!("Obstacles: {}", names.join(", "))
    }
}

/// The squad as plain text; unknown cards are named as such, never left out.
pub fn plain_text(rules: &Rules, squad: &Squad) -> String {
    plain_text_with(rules, squad, &rules.validate(squad))
}

/// [`plain_text`] with the squad's report already at hand (the builder
/// keeps one), so the squad is not validated twice.
pub fn plain_text_with(rules: &Rules, squad: &Squad, report: &Report) -> String {
    plain_text_in(&EnglishWords(rules), rules, squad, report)
}

/// [`plain_text_with`], then the squad's link on a line of its own: what
/// the builder's plain-text export copies.
///
/// ```
/// use cards::squad::list::plain_text_linked;
/// use cards::squad::{CardRef, Rules, Squad};
/// let rules = Rules::embedded().unwrap();
/// let mut squad = Squad::new("standard", "rebel");
/// squad.add_ship(CardRef::Xws("rookiepilot".into()));
/// let report = rules.validate(&squad);
/// let text = plain_text_linked(&rules, &squad, &report, "https://m1.example/build?s=v3.x");
/// assert!(text.ends_with("Rookie Pilot (21)\nhttps://m1.example/build?s=v3.x\n"));
/// ```
pub fn plain_text_linked(rules: &Rules, squad: &Squad, report: &Report, link: &str) -> String {
    let mut text = plain_text_with(rules, squad, report);
    let _ = writeln!(text, "{link}");
    text
}

/// [`plain_text_with`] in `words`' language.
pub fn plain_text_in(
    words: &impl ListWords,
    rules: &Rules,
    squad: &Squad,
    report: &Report,
) -> String {
    let mut out = String::new();
    if !squad.name.trim().is_empty() {
        let _ = writeln!(out, "{}", squad.name.trim());
    }
    let _ = writeln!(out, "{}", header(words, squad, report));
    for line in ship_lines(words, rules, squad, report) {
        let _ = writeln!(out, "{line}");
    }
    if !squad.obstacles.is_empty() {
        let _ = writeln!(out, "{}", words.obstacles(&squad.obstacles));
    }
    out
}

/// The line of the squad's faction, format and points.
fn header(words: &impl ListWords, squad: &Squad, report: &Report) -> String {
    let mut line = format!(
        "{} · {} · {}",
        words.faction(&squad.faction),
        words.format(&squad.format),
        words.points(report.points, report.limit)
    );
    if !report.legal {
        let _ = write!(line, " ({})", words.not_legal());
    }
    line
}

/// One line per ship: pilot + upgrades (points).
fn ship_lines(
    words: &impl ListWords,
    rules: &Rules,
    squad: &Squad,
    report: &Report,
) -> Vec<String> {
    ship_parts(words, rules, squad, report)
        .into_iter()
        .map(|(pilot, upgrades, points)| {
            let mut parts = vec![pilot];
            parts.extend(upgrades);
            format!("{} ({points})", parts.join(" + "))
        })
        .collect()
}

/// Each ship's pilot, its upgrades (with a choice in brackets) and its points.
fn ship_parts(
    words: &impl ListWords,
    rules: &Rules,
    squad: &Squad,
    report: &Report,
) -> Vec<(String, Vec<String>, i32)> {
    let db = &rules.db;
    squad
        .ships
        .iter()
        .zip(&report.ships)
        .map(|(ship, ship_report)| {
            let pilot = match ship.pilot.pilot(db) {
                Some(p) => words.pilot(p),
                None => words.unknown_pilot(&ship.pilot),
            };
            let upgrades = ship
                .upgrades
                .iter()
                .map(|e| match e.card.upgrade(db) {
                    Some(card) => match &e.choice {
                        Some(choice) => format!("{} ({})", words.upgrade(card), words.slot(choice)),
                        None => words.upgrade(card),
                    },
                    None => words.unknown_upgrade(&e.card),
                })
                .collect();
            (pilot, upgrades, ship_report.points)
        })
        .collect()
}

/// The markup of a forum post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForumMarkup {
    /// phpBB and most forums: `[b]`, `[url=…]`, `[list]`.
    BbCode,
    /// Reddit and Discord.
    Markdown,
    /// A self-contained HTML snippet for a blog: every card's name a link
    /// to its card page, every word escaped.
    Html,
}

/// The squad for a forum post: its name as a link to the squad, the
/// faction, format and points, then a list of ships with pilots in bold.
/// The player's own text (the squad's name) cannot open markup.
///
/// ```
/// use cards::squad::list::{ForumMarkup, forum_text};
/// use cards::squad::{CardRef, Rules, SlotRef, Squad};
/// let rules = Rules::embedded().unwrap();
/// let mut squad = Squad::new("epic", "scum");
/// squad.name = "Run [url=x]".into();
/// squad.add_ship(CardRef::Xws("croccruiser".into()));
/// squad.equip(0, SlotRef::new("title", 0), CardRef::Xws("merchantone".into()));
/// let report = rules.validate(&squad);
/// let bb = forum_text(&rules, &squad, &report, "https://m1.example/build?s=v3.x", ForumMarkup::BbCode);
/// assert!(bb.starts_with("[b][url=https://m1.example/build?s=v3.x]Run (url=x)[/url][/b]\n"));
/// assert!(bb.contains("[*][b]C-ROC Cruiser[/b] + Merchant One (37)\n"));
/// let md = forum_text(&rules, &squad, &report, "https://m1.example/build?s=v3.x", ForumMarkup::Markdown);
/// assert!(md.starts_with("**[Run \\[url=x\\]](https://m1.example/build?s=v3.x)**\n"));
/// assert!(md.contains("- **C-ROC Cruiser** + Merchant One (37)\n"));
/// ```
pub fn forum_text(
    rules: &Rules,
    squad: &Squad,
    report: &Report,
    link: &str,
    markup: ForumMarkup,
) -> String {
    forum_text_in(&EnglishWords(rules), rules, squad, report, link, markup)
}

/// [`forum_text`] in `words`' language.
pub fn forum_text_in(
    words: &impl ListWords,
    rules: &Rules,
    squad: &Squad,
    report: &Report,
    link: &str,
    markup: ForumMarkup,
) -> String {
    let name = match squad.name.trim() {
        "" => words.untitled(),
        name => name.to_string(),
    };
    let header = header(words, squad, report);
    let ships = ship_parts(words, rules, squad, report);
    let mut out = String::new();
    match markup {
        ForumMarkup::BbCode => {
            let text = |t: &str| t.replace('[', "(").replace(']', ")");
            let _ = writeln!(out, "[b][url={}]{}[/url][/b]", text(link), text(&name));
            let _ = writeln!(out, "{}\n[list]", text(&header));
            for (pilot, upgrades, points) in ships {
                let mut parts = vec![format!("[b]{}[/b]", text(&pilot))];
                parts.extend(upgrades.iter().map(|u| text(u)));
                let _ = writeln!(out, "[*]{} ({points})", parts.join(" + "));
            }
            let _ = writeln!(out, "[/list]");
        }
        ForumMarkup::Markdown => {
            let _ = writeln!(
                out,
                "**[{}]({})**",
                markdown_text(&name),
                link.replace(')', "%29")
            );
            let _ = writeln!(out, "{}\n", markdown_text(&header));
            for (pilot, upgrades, points) in ships {
                let mut parts = vec![format!("**{}**", markdown_text(&pilot))];
                parts.extend(upgrades.iter().map(|u| markdown_text(u)));
                let _ = writeln!(out, "- {} ({points})", parts.join(" + "));
            }
        }
        ForumMarkup::Html => html_snippet(&mut out, rules, squad, (&name, &header, link), ships),
    }
    out
}

/// The HTML snippet: the squad's name linking to the squad, its line,
/// then a list of ships whose cards link to their pages on the same site
/// (an unknown card is named, unlinked).
fn html_snippet(
    out: &mut String,
    rules: &Rules,
    squad: &Squad,
    (name, header, link): (&str, &str, &str),
    ships: Vec<(String, Vec<String>, i32)>,
) {
    use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};
    let db = &rules.db;
    let keys = db.card_keys();
    // The card pages sit on the squad link's site.
    let site = link.find("/build").map_or(link, |at| &link[..at]);
    let card = |shown: &str, card: Option<crate::catalog::Card>| match card {
        Some(c) => format!(
            "<a href=\"{}\">{}</a>",
            attr(&format!("{site}/cards/{}", keys.key(c))),
            text(shown)
        ),
        None => text(shown).into_owned(),
    };
    let _ = writeln!(out, "<div class=\"x-wing-squad\">");
    let _ = writeln!(
        out,
        "<p><strong><a href=\"{}\">{}</a></strong><br>{}</p>\n<ul>",
        attr(link),
        text(name),
        text(header)
    );
    for (ship, (pilot, upgrades, points)) in squad.ships.iter().zip(ships) {
        let mut parts = vec![format!(
            "<strong>{}</strong>",
            card(
                &pilot,
                ship.pilot.pilot(db).map(crate::catalog::Card::Pilot)
            )
        )];
        for (e, shown) in ship.upgrades.iter().zip(&upgrades) {
            parts.push(card(
                shown,
                e.card.upgrade(db).map(crate::catalog::Card::Upgrade),
            ));
        }
        let _ = writeln!(out, "<li>{} ({points})</li>", parts.join(" + "));
    }
    let _ = writeln!(out, "</ul>\n</div>");
}

/// Text with Markdown's marks escaped, so it reads as written.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]()<>#|~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The squad's title for a page and a link preview: name, faction, points.
pub fn preview_title(rules: &Rules, squad: &Squad, report: &Report) -> String {
    let name = if squad.name.trim().is_empty() {
        "Squad"
    } else {
        squad.name.trim()
    };
    let limit = report.limit.map(|l| format!("/{l}")).unwrap_or_default();
    format!(
        "{name} · {} · {}{limit} points",
        rules.db.faction_name(&squad.faction),
        report.points
    )
}

/// The squad's ships on one line, for a link preview's description.
pub fn preview_description(rules: &Rules, squad: &Squad, report: &Report) -> String {
    ship_lines(&EnglishWords(rules), rules, squad, report).join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_preview_names_the_squad_and_lists_its_ships() {
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("epic", "scum");
        squad.ships.push(crate::squad::SquadShip {
            pilot: CardRef::Xws("croccruiser".into()),
            upgrades: vec![],
        });
        squad.ships.push(crate::squad::SquadShip {
            pilot: CardRef::Xws("cartelspacer".into()),
            upgrades: vec![],
        });
        let report = rules.validate(&squad);
        assert_eq!(
            preview_title(&rules, &squad, &report),
            "Squad · Scum and Villainy · 49/300 points"
        );
        squad.name = "  Merchant's run ".into();
        assert!(preview_title(&rules, &squad, &report).starts_with("Merchant's run · "));
        assert_eq!(
            preview_description(&rules, &squad, &report),
            "C-ROC Cruiser (35) · Cartel Spacer (14)"
        );
    }
    use crate::squad::{CardRef, SlotRef};

    #[test]
    fn choices_unknown_cards_and_illegal_squads_are_all_written() {
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("standard", "scum");
        squad.add_ship(CardRef::Xws("cartelspacer".into()));
        squad.equip(
            0,
            SlotRef::new("title", 0),
            CardRef::Xws("heavyscykinterceptor".into()),
        );
        squad.set_choice(0, 0, Some("cannon".into()));
        squad.equip(0, SlotRef::new("cannon", 0), CardRef::Id(212));
        squad.add_ship(CardRef::Id(999));
        squad.equip(1, SlotRef::new("crew", 0), CardRef::Id(998));
        assert_eq!(
            plain_text(&rules, &squad),
            "Scum and Villainy · Standard · 18/100 points (not legal)\n\
             Cartel Spacer + \"Heavy Scyk\" Interceptor (Cannon) + ARC Caster (18)\n\
             unknown pilot card #999 + unknown upgrade card #998 (0)\n"
        );
    }
}

#[cfg(test)]
mod obstacle_tests {
    use super::*;

    #[test]
    fn the_obstacles_are_listed_by_name() {
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("epic", "scum");
        assert!(!plain_text(&rules, &squad).contains("Obstacles"));
        squad.obstacles = vec!["core-asteroid-5".into(), "yt2400-debris-0".into()];
        assert!(
            plain_text(&rules, &squad)
                .ends_with("Obstacles: Core Set asteroid 5, YT-2400 debris 0\n")
        );
    }
}
