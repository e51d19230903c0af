//! The 18 obstacles of 1st-edition play: six asteroids of the Core Set, six
//! of The Force Awakens Core Set, and three debris clouds each from the
//! YT-2400 and VT-49 Decimator packs. A squad brings up to three
//! ([`crate::squad::limits::MAX_OBSTACLES`]). XWS 1.0 names them
//! `core-asteroid-5`; YASB links write the same name without the dashes.
//!
//! ```
//! use cards::squad::obstacles::{obstacle, Obstacle};
//! let rock = obstacle("coreasteroid5").unwrap();
//! assert_eq!(rock.xws, "core-asteroid-5");
//! assert_eq!(obstacle("core-asteroid-5"), Some(rock));
//! assert_eq!(rock.yasb(), "coreasteroid5");
//! assert_eq!(rock.name, "Core Set asteroid 5");
//! ```

/// One obstacle token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obstacle {
    /// The XWS 1.0 name, the one a squad keeps.
    pub xws: &'static str,
    /// What a player calls it.
    pub name: &'static str,
    /// Which family it belongs to, for drawing it.
    pub shape: ObstacleShape,
}

/// The two kinds of token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObstacleShape {
    Asteroid,
    Debris,
}

impl Obstacle {
    /// The name YASB's links use: the XWS name without its dashes.
    pub fn yasb(&self) -> String {
        self.xws.replace('-', "")
    }

    /// Its number within its set (the last digit of its name), which tells
    /// the tokens of one set apart when drawn.
    pub fn number(&self) -> u8 {
        self.xws
            .bytes()
            .last()
            .map_or(0, |b| b.saturating_sub(b'0'))
    }
}

const fn rock(xws: &'static str, name: &'static str) -> Obstacle {
    Obstacle {
        xws,
        name,
        shape: ObstacleShape::Asteroid,
    }
}

const fn debris(xws: &'static str, name: &'static str) -> Obstacle {
    Obstacle {
        xws,
        name,
        shape: ObstacleShape::Debris,
    }
}

/// Every obstacle, in the order the builder offers them (and a link's code).
pub const OBSTACLES: [Obstacle; 18] = [
    rock("core-asteroid-0", "Core Set asteroid 0"),
    rock("core-asteroid-1", "Core Set asteroid 1"),
    rock("core-asteroid-2", "Core Set asteroid 2"),
    rock("core-asteroid-3", "Core Set asteroid 3"),
    rock("core-asteroid-4", "Core Set asteroid 4"),
    rock("core-asteroid-5", "Core Set asteroid 5"),
    rock("core2-asteroid-0", "Force Awakens asteroid 0"),
    rock("core2-asteroid-1", "Force Awakens asteroid 1"),
    rock("core2-asteroid-2", "Force Awakens asteroid 2"),
    rock("core2-asteroid-3", "Force Awakens asteroid 3"),
    rock("core2-asteroid-4", "Force Awakens asteroid 4"),
    rock("core2-asteroid-5", "Force Awakens asteroid 5"),
    debris("yt2400-debris-0", "YT-2400 debris 0"),
    debris("yt2400-debris-1", "YT-2400 debris 1"),
    debris("yt2400-debris-2", "YT-2400 debris 2"),
    debris("vt49decimator-debris-0", "VT-49 Decimator debris 0"),
    debris("vt49decimator-debris-1", "VT-49 Decimator debris 1"),
    debris("vt49decimator-debris-2", "VT-49 Decimator debris 2"),
];

/// The obstacle named in either form (XWS or YASB), any case.
pub fn obstacle(name: &str) -> Option<Obstacle> {
    let name = name.trim().to_ascii_lowercase();
    OBSTACLES
        .iter()
        .copied()
        .find(|o| o.xws == name || o.yasb() == name)
}

/// The name a squad keeps for an obstacle named in either form: its XWS
/// name, or the name as written when no obstacle has it.
pub fn obstacle_key(name: &str) -> String {
    obstacle(name).map_or_else(|| name.trim().to_string(), |o| o.xws.to_string())
}

/// An obstacle's display name, or the key itself when unknown.
pub fn obstacle_name(key: &str) -> String {
    obstacle(key).map_or_else(|| key.to_string(), |o| o.name.to_string())
}

/// Sets the obstacle at position `at` of a squad's list (from 0): `None`
/// takes it out, another obstacle replaces it, a position past the end
/// adds to the end. The same obstacle twice keeps the later choice only;
/// at most [`crate::squad::limits::MAX_OBSTACLES`] are kept.
///
/// ```
/// use cards::squad::obstacles::choose_obstacle;
/// let mut chosen = vec![];
/// choose_obstacle(&mut chosen, 0, Some("core-asteroid-1"));
/// choose_obstacle(&mut chosen, 1, Some("yt2400-debris-0"));
/// choose_obstacle(&mut chosen, 0, Some("yt2400-debris-0"));
/// assert_eq!(chosen, ["yt2400-debris-0"]);
/// choose_obstacle(&mut chosen, 0, None);
/// assert!(chosen.is_empty());
/// ```
pub fn choose_obstacle(chosen: &mut Vec<String>, at: usize, key: Option<&str>) {
    match key {
        None => {
            if at < chosen.len() {
                chosen.remove(at);
            }
        }
        Some(key) => {
            let key = obstacle_key(key);
            let mut at = at;
            if let Some(other) = chosen.iter().position(|o| *o == key) {
                if other == at {
                    return;
                }
                chosen.remove(other);
                if other < at {
                    at -= 1;
                }
            }
            if at < chosen.len() {
                chosen[at] = key;
            } else {
                chosen.push(key);
            }
            chosen.truncate(crate::squad::limits::MAX_OBSTACLES);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_obstacle_reads_in_both_forms_and_names_are_unique() {
        for o in OBSTACLES {
            assert_eq!(obstacle(o.xws), Some(o));
            assert_eq!(obstacle(&o.yasb()), Some(o));
            assert_eq!(obstacle_key(&o.yasb()), o.xws);
            assert_eq!(OBSTACLES.iter().filter(|p| p.name == o.name).count(), 1);
        }
        assert_eq!(obstacle("core-asteroid-6"), None);
        assert_eq!(OBSTACLES[5].number(), 5);
        assert_eq!(OBSTACLES[17].number(), 2);
        assert_eq!(obstacle_key(" moon "), "moon");
    }
}
