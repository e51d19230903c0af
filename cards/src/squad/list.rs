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

use crate::squad::Squad;
use crate::squad::{Report, Rules};

/// The squad as plain text; unknown cards are named as such, never left out.
pub fn plain_text(rules: &Rules, squad: &Squad) -> String {
    plain_text_with(rules, squad, &rules.validate(squad))
}

/// [`plain_text`] with the squad's report already at hand (the builder
/// keeps one), so the squad is not validated twice.
pub fn plain_text_with(rules: &Rules, squad: &Squad, report: &Report) -> String {
    let db = &rules.db;
    let mut out = String::new();
    if !squad.name.trim().is_empty() {
        let _ = writeln!(out, "{}", squad.name.trim());
    }
    let format = rules
        .formats
        .get(&squad.format)
        .map_or_else(|_| squad.format.clone(), |f| f.name.clone());
    let limit = report.limit.map(|l| format!("/{l}")).unwrap_or_default();
    let _ = writeln!(
        out,
        "{} · {format} · {}{limit} points{}",
        db.faction_name(&squad.faction),
        report.points,
        if report.legal { "" } else { " (not legal)" }
    );
    for line in ship_lines(rules, squad, report) {
        let _ = writeln!(out, "{line}");
    }
    if !squad.obstacles.is_empty() {
        let names: Vec<String> = squad
            .obstacles
            .iter()
            .map(|o| crate::squad::obstacles::obstacle_name(o))
            .collect();
        let _ = writeln!(out, "Obstacles: {}", names.join(", "));
    }
    out
}

/// One line per ship: pilot + upgrades (points).
fn ship_lines(rules: &Rules, squad: &Squad, report: &Report) -> Vec<String> {
    let db = &rules.db;
    squad
        .ships
        .iter()
        .zip(&report.ships)
        .map(|(ship, ship_report)| {
            let mut parts = vec![match ship.pilot.pilot(db) {
                Some(p) => p.name.clone(),
                None => format!("unknown pilot {}", ship.pilot.describe()),
            }];
            for e in &ship.upgrades {
                parts.push(match e.card.upgrade(db) {
                    Some(card) => match &e.choice {
                        Some(choice) => format!("{} ({})", card.name(), db.slot_name(choice)),
                        None => card.name().to_string(),
                    },
                    None => format!("unknown upgrade {}", e.card.describe()),
                });
            }
            format!("{} ({})", parts.join(" + "), ship_report.points)
        })
        .collect()
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
    ship_lines(rules, squad, report).join(" · ")
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
