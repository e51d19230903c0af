//! The tally helper: which enemy ship is the tally, by criteria a-f.

use serde::{Deserialize, Serialize};

use super::approach::TallyArc;

/// An enemy ship placed for the tally helper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    pub name: String,
    /// Every arc of the solo ship it is in (it may be in several).
    pub arcs: Vec<TallyArc>,
    /// Range 0-5 (beyond 3 counts as "beyond range 3").
    pub range: u8,
    /// The solo ship has a lock on it.
    pub locked: bool,
}

/// Why an enemy ship is the tally: the criterion (a-f) that picked it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TallyReason {
    /// a) the nearest object the solo ship has locked.
    Locked,
    /// b)-e) the nearest enemy ship in this arc at range 0-3.
    InArc { letter: char, arc: TallyArc },
    /// f) as b)-e), beyond range 3.
    BeyondRange { letter: char, arc: TallyArc },
}

impl std::fmt::Display for TallyReason {
    /// The criterion in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TallyReason::Locked => f.write_str("a) the nearest object it has locked at any range"),
            TallyReason::InArc { letter, arc } => write!(
                f,
                "{letter}) the nearest enemy ship in its {} arc at range 0-3",
                arc.as_str()
            ),
            TallyReason::BeyondRange { letter, arc } => write!(
                f,
                "f) as {letter}) beyond range 3: the nearest enemy ship in its {} arc",
                arc.as_str()
            ),
        }
    }
}

/// The arcs of criteria b) to e), in order.
const ARCS: [(char, TallyArc); 4] = [
    ('b', TallyArc::Bullseye),
    ('c', TallyArc::Front),
    ('d', TallyArc::Side),
    ('e', TallyArc::Rear),
];

/// Picks the tally by criteria a-f; returns its index and the criterion.
pub fn tally(contacts: &[Contact]) -> Option<(usize, TallyReason)> {
    let nearest = |f: &dyn Fn(&Contact) -> bool| -> Option<usize> {
        contacts
            .iter()
            .enumerate()
            .filter(|(_, c)| f(c))
            .min_by_key(|(_, c)| c.range)
            .map(|(i, _)| i)
    };
    if let Some(i) = nearest(&|c| c.locked) {
        return Some((i, TallyReason::Locked));
    }
    for (letter, arc) in ARCS {
        if let Some(i) = nearest(&|c| c.range <= 3 && c.arcs.contains(&arc)) {
            return Some((i, TallyReason::InArc { letter, arc }));
        }
    }
    for (letter, arc) in ARCS {
        if let Some(i) = nearest(&|c| c.range > 3 && c.arcs.contains(&arc)) {
            return Some((i, TallyReason::BeyondRange { letter, arc }));
        }
    }
    None
}

/// The chart arc for a tally in several arcs: bullseye, front, side, rear first.
pub fn chart_arc(arcs: &[TallyArc]) -> Option<TallyArc> {
    TallyArc::ALL.into_iter().find(|a| arcs.contains(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_follows_criteria_a_to_f() {
        let c = |name: &str, arcs: &[TallyArc], range: u8, locked: bool| Contact {
            name: name.into(),
            arcs: arcs.to_vec(),
            range,
            locked,
        };
        let contacts = vec![
            c(
                "far bullseye",
                &[TallyArc::Bullseye, TallyArc::Front],
                4,
                false,
            ),
            c("side", &[TallyArc::Side], 1, false),
            c("front", &[TallyArc::Front], 3, false),
        ];
        assert_eq!(tally(&contacts).unwrap().0, 2, "c) beats d) within range 3");
        let mut locked = contacts.clone();
        locked[0].locked = true;
        assert!(tally(&locked).unwrap().1.to_string().starts_with("a)"));
        let far = vec![
            c("rear", &[TallyArc::Rear], 5, false),
            c("side", &[TallyArc::Side], 4, false),
        ];
        let (i, why) = tally(&far).unwrap();
        assert_eq!((i, why.to_string().starts_with("f)")), (1, true));
        assert_eq!(tally(&[]), None);
        assert_eq!(
            chart_arc(&[TallyArc::Rear, TallyArc::Front]),
            Some(TallyArc::Front)
        );
    }
}
