//! A shot worked out before the dice are rolled: the squares it reaches
//! and each miniature's odds.

use serde::{Deserialize, Serialize};

use super::board::{Board, Dir, MiniatureKind};
use super::dice::heavy_total_odds;

/// A shot to work out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "weapon", rename_all = "kebab-case")]
pub enum Shot {
    /// 1 to 3 Las-cannon shots concentrated on the 2x2 area whose top-left square is (x, y).
    LasCannon {
        x: i32,
        y: i32,
        shots: u8,
    },
    FusionGun {
        dir: Dir,
    },
    ConversionBeam {
        dir: Dir,
    },
    /// The Tarantula's Las-cannons: 2 dice a shot, inside its arc and the Gunner's sight.
    Tarantula {
        x: i32,
        y: i32,
        shots: u8,
    },
}

/// A square's attack value: the dice total less `minus`, or a roll of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SquareAttack {
    pub x: i32,
    pub y: i32,
    /// Subtracted from the total (Conversion Beam blast).
    pub minus: u8,
}

/// One miniature under attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TargetOdds {
    pub piece: usize,
    pub minus: u8,
    /// The armour that counts for this attack (a Gunner's 4 from inside the arc).
    pub armour: u8,
    /// P(eliminated) as (ways, all).
    pub eliminated: (u64, u64),
}

/// Everything a shot does, before the dice are rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShotPlan {
    pub dice: u8,
    /// Every miniature rolls its own dice (the Fusion Gun).
    pub separate_rolls: bool,
    pub squares: Vec<SquareAttack>,
    /// Squares of the area the firer cannot see.
    pub out_of_sight: Vec<(i32, i32)>,
    pub targets: Vec<TargetOdds>,
}

impl ShotPlan {
    /// The attack value on a square for a rolled total.
    pub fn value_at(&self, x: i32, y: i32, total: u8) -> Option<u8> {
        self.squares
            .iter()
            .find(|s| (s.x, s.y) == (x, y))
            .map(|s| total.saturating_sub(s.minus))
    }

    /// Which targets a roll eliminates: `totals` has one total, or one per
    /// target for separate rolls. Returns (piece, attack value, eliminated).
    pub fn outcome(&self, totals: &[u8]) -> Vec<(usize, u8, bool)> {
        self.targets
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let total = if self.separate_rolls {
                    totals.get(i)
                } else {
                    totals.first()
                };
                let value = total.copied().unwrap_or(0).saturating_sub(t.minus);
                (t.piece, value, value > t.armour)
            })
            .collect()
    }
}

/// A shot that cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShotError {
    #[error("no such firer")]
    NoSuchFirer,
    #[error("1 to 3 shots, not {0}")]
    Shots(u8),
    #[error("there is no Tarantula on the board")]
    NoTarantula,
}

/// Works out a shot by the piece at `firer`.
pub fn plan(board: &Board, firer: usize, shot: Shot) -> Result<ShotPlan, ShotError> {
    let f = board.pieces.get(firer).ok_or(ShotError::NoSuchFirer)?;
    let from = (f.x, f.y);
    let mut out = ShotPlan {
        dice: 0,
        separate_rolls: false,
        squares: Vec::new(),
        out_of_sight: Vec::new(),
        targets: Vec::new(),
    };
    match shot {
        Shot::LasCannon { x, y, shots } => area_shot(board, from, (x, y), shots, false, &mut out)?,
        Shot::Tarantula { x, y, shots } => area_shot(board, from, (x, y), shots, true, &mut out)?,
        Shot::FusionGun { dir } => {
            out.dice = 3;
            out.separate_rolls = true;
            for (x, y) in board.line(from, dir) {
                out.squares.push(SquareAttack { x, y, minus: 0 });
            }
        }
        Shot::ConversionBeam { dir } => {
            out.dice = 3;
            out.squares = conversion_beam(board, from, dir);
        }
    }
    out.targets = targets(board, from, &shot, &out);
    Ok(out)
}

/// Las-cannon shots (the Marine's or the Tarantula's) on the 2x2 area at
/// `corner`: the squares in sight (and, for the Tarantula, in its arc).
fn area_shot(
    board: &Board,
    from: (i32, i32),
    (x, y): (i32, i32),
    shots: u8,
    tarantula: bool,
    out: &mut ShotPlan,
) -> Result<(), ShotError> {
    if !(1..=3).contains(&shots) {
        return Err(ShotError::Shots(shots));
    }
    let (eye, own): ((i32, i32), Vec<(i32, i32)>) = if tarantula {
        let t = board.tarantula.ok_or(ShotError::NoTarantula)?;
        let sq = t.squares();
        (sq[2], sq.to_vec())
    } else {
        (from, vec![from])
    };
    out.dice = if tarantula { 2 * shots } else { shots };
    let area: Vec<(i32, i32)> = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        .into_iter()
        .filter(|(a, b)| board.on_board(*a, *b) && !board.square(*a, *b).blocks())
        .collect();
    let ignore: Vec<(i32, i32)> = own.iter().chain(area.iter()).copied().collect();
    for (a, b) in area {
        let in_arc = !tarantula || board.tarantula.is_some_and(|t| t.in_arc(a, b));
        if in_arc && board.sight(eye, (a, b), &ignore) {
            out.squares.push(SquareAttack {
                x: a,
                y: b,
                minus: 0,
            });
        } else {
            out.out_of_sight.push((a, b));
        }
    }
    Ok(())
}

/// The Conversion Beam's squares: the line to the impact, the blast round
/// it, each square one lower per square from the impact.
fn conversion_beam(board: &Board, from: (i32, i32), dir: Dir) -> Vec<SquareAttack> {
    let line = board.line(from, dir);
    // Fired into an adjacent wall, the line has no square: the impact is
    // against the wall itself and the firer stands in the blast, one square
    // from it (an interpretation: see the module doc), so everything starts
    // one lower.
    let point_blank = line.is_empty();
    let mut path = vec![from];
    path.extend(line);
    let (dx, dy) = dir.delta();
    let impact = if point_blank {
        (from.0 + dx, from.1 + dy)
    } else {
        *path.last().unwrap_or(&from)
    };
    let mut squares: Vec<SquareAttack> = Vec::new();
    let mut put = |x: i32, y: i32, minus: u8| {
        // The blast ends where the attack value would reach zero (3 dice: at most 9).
        if minus >= 9 {
            return;
        }
        match squares.iter_mut().find(|s| (s.x, s.y) == (x, y)) {
            Some(s) => s.minus = s.minus.min(minus),
            None => squares.push(SquareAttack { x, y, minus }),
        }
    };
    if !point_blank {
        put(impact.0, impact.1, 0);
    }
    for (ox, oy) in NEIGHBOURS {
        let (ax, ay) = (impact.0 + ox, impact.1 + oy);
        // The blast passes no wall: not into one, and not round a corner
        // that two walls close.
        let sealed = ox != 0
            && oy != 0
            && board.blocked(impact.0 + ox, impact.1)
            && board.blocked(impact.0, impact.1 + oy);
        // Against a wall, only the firer's side of it.
        let far_side = point_blank && (ax - from.0).abs().max((ay - from.1).abs()) > 1;
        if !board.blocked(ax, ay) && !sealed && !far_side {
            put(ax, ay, 1);
        }
    }
    let first = u8::from(point_blank);
    for (k, (a, b)) in path.iter().rev().enumerate() {
        put(
            *a,
            *b,
            first.saturating_add(u8::try_from(k).unwrap_or(u8::MAX)),
        );
    }
    squares
}

/// The eight squares round one.
const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Each miniature the shot reaches, with its odds. A miniature on several
/// squares (the Tarantula) is one target, hit with the best value among
/// its squares.
fn targets(board: &Board, from: (i32, i32), shot: &Shot, out: &ShotPlan) -> Vec<TargetOdds> {
    let odds =
        |armour: u8, minus: u8| heavy_total_odds(out.dice, i32::from(armour) + i32::from(minus));
    let mut targets: Vec<TargetOdds> = Vec::new();
    for s in &out.squares {
        for piece in board.pieces_on(s.x, s.y) {
            let own_crew = matches!(shot, Shot::Tarantula { .. })
                && board.pieces[piece].kind.is_marine_side()
                && board
                    .tarantula
                    .is_some_and(|t| t.squares().contains(&(s.x, s.y)));
            if own_crew {
                continue;
            }
            let armour = armour_against(board, piece, from);
            match targets.iter_mut().find(|t| t.piece == piece) {
                Some(t) if s.minus < t.minus => {
                    t.minus = s.minus;
                    t.eliminated = odds(armour, s.minus);
                }
                Some(_) => {}
                None => targets.push(TargetOdds {
                    piece,
                    minus: s.minus,
                    armour,
                    eliminated: odds(armour, s.minus),
                }),
            }
        }
    }
    targets
}

/// A piece's armour against an attack from `from`: a Gunner at the
/// Tarantula's controls has armour 4 against attacks from inside its arc.
fn armour_against(board: &Board, piece: usize, from: (i32, i32)) -> u8 {
    let p = &board.pieces[piece];
    match (p.kind, board.tarantula) {
        (MiniatureKind::Gunner, Some(t))
            if t.squares()[2] == (p.x, p.y) && t.in_arc(from.0, from.1) =>
        {
            p.armour.max(4)
        }
        _ => p.armour,
    }
}
