//! Space Crusade: Mission Dreadnought on a grid: the extra-heavy weapons,
//! the Tarantula, and the exact odds of each shot.
//!
//! Interpretations (the seed's figures are not in the transcription), shown
//! on the page too:
//! - walls, doors and bulkheads fill whole squares;
//! - line of sight runs from the centre of the firer's square to the centre
//!   of the target square and is blocked when it passes through the inside of
//!   a wall, a closed door or bulkhead, or a square with a miniature (not the
//!   firer's own pieces, and, for an area shot, not a square of that area);
//!   a line through a corner point only touches no square, but a line
//!   between two blocking squares that touch at that corner is blocked;
//! - the Tarantula's arc of fire is the 90° cone ahead of its front square;
//! - the manned Tarantula occupies three squares (front, middle, and the
//!   Gunner's behind them): a shot at any of them can hit it, and all three
//!   block sight;
//! - the Conversion Beam's blast passes no wall: not into one, and not
//!   round a corner two walls close;
//! - the Conversion Beam fired into an adjacent wall strikes the wall
//!   itself: the firer stands one square from the impact and is attacked by
//!   the total less one (the rules' "fired at very close range" warning).
//!
//! ```
//! use cards::dreadnought::{heavy_total_odds};
//! // Three heavy dice total more than 2 with probability 126/216.
//! assert_eq!(heavy_total_odds(3, 2), (126, 216));
//! ```

use num_rational::Ratio;
use serde::{Deserialize, Serialize};

/// A heavy weapons die: 0, 0, 0, 1, 2, 3.
pub const HEAVY_DIE: [u8; 6] = [0, 0, 0, 1, 2, 3];

/// The number of ways `n` heavy dice total each value, out of 6^n.
pub fn heavy_totals(n: u8) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 3];
        for (t, w) in ways.iter().enumerate() {
            for face in HEAVY_DIE {
                next[t + usize::from(face)] += w;
            }
        }
        ways = next;
    }
    ways
}

/// P(total of `n` heavy dice is higher than `above`) as (ways, 6^n).
pub fn heavy_total_odds(n: u8, above: i32) -> (u64, u64) {
    let ways = heavy_totals(n);
    let all: u64 = ways.iter().sum();
    let hits = ways
        .iter()
        .enumerate()
        .filter(|(t, _)| *t as i32 > above)
        .map(|(_, w)| w)
        .sum();
    (hits, all)
}

/// What fills a square.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Square {
    #[default]
    Floor,
    Wall,
    OpenDoor,
    ClosedDoor,
    /// A bulkhead: a door the Marines cannot open (armour 4).
    Bulkhead,
}

impl Square {
    /// Blocks line of sight and lines of fire.
    pub fn blocks(self) -> bool {
        matches!(self, Square::Wall | Square::ClosedDoor | Square::Bulkhead)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceKind {
    Marine,
    Gunner,
    Tarantula,
    Gretchin,
    Ork,
    Android,
    Genestealer,
    Dreadnought,
}

impl PieceKind {
    pub const ALL: [PieceKind; 8] = [
        PieceKind::Marine,
        PieceKind::Gunner,
        PieceKind::Tarantula,
        PieceKind::Gretchin,
        PieceKind::Ork,
        PieceKind::Android,
        PieceKind::Genestealer,
        PieceKind::Dreadnought,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Marine => "Marine",
            PieceKind::Gunner => "Gunner",
            PieceKind::Tarantula => "Tarantula",
            PieceKind::Gretchin => "Gretchin",
            PieceKind::Ork => "Ork",
            PieceKind::Android => "Android",
            PieceKind::Genestealer => "Genestealer",
            PieceKind::Dreadnought => "Dreadnought",
        }
    }

    /// Default armour: the seed's (Marine 2, Tarantula 6, Dreadnought 4); the
    /// others are settings (data/SOURCES.md: Gretchin below 2, Android 2, Ork below 4).
    pub fn default_armour(self) -> u8 {
        match self {
            PieceKind::Marine | PieceKind::Gunner => 2,
            PieceKind::Tarantula => 6,
            PieceKind::Dreadnought => 4,
            PieceKind::Gretchin => 1,
            PieceKind::Ork => 2,
            PieceKind::Android => 2,
            PieceKind::Genestealer => 2,
        }
    }

    pub fn is_marine_side(self) -> bool {
        matches!(
            self,
            PieceKind::Marine | PieceKind::Gunner | PieceKind::Tarantula
        )
    }
}

/// One of eight directions; `y` grows downwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    N,
    Ne,
    E,
    Se,
    S,
    Sw,
    W,
    Nw,
}

impl Dir {
    /// The one of the eight directions nearest the way from `from` to `to`
    /// (none for the same square).
    pub fn towards(from: (i32, i32), to: (i32, i32)) -> Option<Dir> {
        let step = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
        Dir::ALL.into_iter().find(|d| d.delta() == step)
    }

    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::Ne,
        Dir::E,
        Dir::Se,
        Dir::S,
        Dir::Sw,
        Dir::W,
        Dir::Nw,
    ];
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::Ne => (1, -1),
            Dir::E => (1, 0),
            Dir::Se => (1, 1),
            Dir::S => (0, 1),
            Dir::Sw => (-1, 1),
            Dir::W => (-1, 0),
            Dir::Nw => (-1, -1),
        }
    }
    pub fn is_orthogonal(self) -> bool {
        matches!(self, Dir::N | Dir::E | Dir::S | Dir::W)
    }
    fn turned(self, quarter_turns: u8) -> Dir {
        let order = [Dir::N, Dir::E, Dir::S, Dir::W];
        let i = order.iter().position(|d| *d == self).unwrap_or(0);
        order[(i + usize::from(quarter_turns)) % 4]
    }
}

/// A miniature on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub kind: PieceKind,
    pub x: i32,
    pub y: i32,
    pub armour: u8,
}

impl Piece {
    pub fn new(kind: PieceKind, x: i32, y: i32) -> Piece {
        Piece {
            kind,
            x,
            y,
            armour: kind.default_armour(),
        }
    }
}

/// The Tarantula: front and middle squares ahead of its Gunner, facing one way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TarantulaAt {
    /// The middle square (it pivots on it).
    pub x: i32,
    pub y: i32,
    /// Facing N, E, S or W.
    pub facing: Dir,
}

impl TarantulaAt {
    /// Front, middle and the Gunner's square behind.
    pub fn squares(&self) -> [(i32, i32); 3] {
        let (dx, dy) = self.facing.delta();
        [
            (self.x + dx, self.y + dy),
            (self.x, self.y),
            (self.x - dx, self.y - dy),
        ]
    }

    /// In the 90° cone ahead of the front square (an interpretation of Fig. 5).
    pub fn in_arc(&self, x: i32, y: i32) -> bool {
        let (dx, dy) = self.facing.delta();
        let (fx, fy) = self.squares()[0];
        let forward = (x - fx) * dx + (y - fy) * dy;
        let lateral = ((x - fx) * dy - (y - fy) * dx).abs();
        forward >= 1 && lateral <= forward
    }
}

/// The board: squares and miniatures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub width: i32,
    pub height: i32,
    pub squares: Vec<Square>,
    pub pieces: Vec<Piece>,
    pub tarantula: Option<TarantulaAt>,
}

/// The largest board side.
pub const MAX_SIDE: i32 = 40;

impl Board {
    pub fn new(width: i32, height: i32) -> Board {
        let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        Board {
            width,
            height,
            squares: vec![Square::Floor; (width * height) as usize],
            pieces: Vec::new(),
            tarantula: None,
        }
    }

    pub fn on_board(&self, x: i32, y: i32) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    pub fn square(&self, x: i32, y: i32) -> Square {
        if self.on_board(x, y) {
            self.squares[(y * self.width + x) as usize]
        } else {
            Square::Wall
        }
    }

    pub fn set(&mut self, x: i32, y: i32, s: Square) {
        if self.on_board(x, y) {
            self.squares[(y * self.width + x) as usize] = s;
        }
    }

    pub fn piece_at(&self, x: i32, y: i32) -> Option<usize> {
        self.pieces.iter().position(|p| p.x == x && p.y == y)
    }

    /// The squares a miniature occupies: one, or the manned Tarantula's
    /// three (front, middle and the Gunner's square behind it).
    pub fn occupied(&self, piece: usize) -> Vec<(i32, i32)> {
        let Some(p) = self.pieces.get(piece) else {
            return Vec::new();
        };
        match self.tarantula {
            Some(t) if p.kind == PieceKind::Tarantula && t.squares().contains(&(p.x, p.y)) => {
                t.squares().to_vec()
            }
            _ => vec![(p.x, p.y)],
        }
    }

    /// Every miniature on a square, the Tarantula on any of its three.
    pub fn pieces_on(&self, x: i32, y: i32) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| self.occupied(i).contains(&(x, y)))
            .collect()
    }

    /// Whether a wall or closed door blocks the square.
    fn blocked(&self, x: i32, y: i32) -> bool {
        !self.on_board(x, y) || self.square(x, y).blocks()
    }

    /// Corners the open segment between two centres passes exactly
    /// through where the two squares beside the line are both blocked: the
    /// line squeezes between walls that touch at a corner, and is blocked.
    fn pinched(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        // Doubled coordinates: centres odd, corners even.
        let (ax, ay) = (2 * from.0 + 1, 2 * from.1 + 1);
        let (dx, dy) = (2 * (to.0 - from.0), 2 * (to.1 - from.1));
        if dx == 0 || dy == 0 {
            return false;
        }
        let (lo, hi) = (ax.min(ax + dx), ax.max(ax + dx));
        (lo..=hi).filter(|cx| cx % 2 == 0).any(|cx| {
            // The point of the line at x = cx must be a corner (y even) strictly inside.
            let num = (cx - ax) * dy;
            if num % dx != 0 {
                return false;
            }
            let cy = ay + num / dx;
            let t_inside = (cx - ax) * dx > 0 && (cx - ax).abs() < dx.abs();
            if !t_inside || cy % 2 != 0 {
                return false;
            }
            let (sx, sy) = (cx / 2, cy / 2);
            // The line runs through squares (sx-1, sy-1) and (sx, sy) when
            // dx and dy agree in sign; the other two squares pinch it.
            let pinch = if (dx > 0) == (dy > 0) {
                [(sx, sy - 1), (sx - 1, sy)]
            } else {
                [(sx - 1, sy - 1), (sx, sy)]
            };
            pinch.iter().all(|&(x, y)| self.blocked(x, y))
        })
    }

    /// Squares the open segment between the two centres passes through the inside of.
    pub fn squares_between(&self, from: (i32, i32), to: (i32, i32)) -> Vec<(i32, i32)> {
        // Doubled coordinates keep every centre and edge an integer.
        let (ax, ay) = (2 * from.0 + 1, 2 * from.1 + 1);
        let (bx, by) = (2 * to.0 + 1, 2 * to.1 + 1);
        let (dx, dy) = (bx - ax, by - ay);
        let mut out = Vec::new();
        for x in from.0.min(to.0)..=from.0.max(to.0) {
            for y in from.1.min(to.1)..=from.1.max(to.1) {
                if (x, y) == from || (x, y) == to {
                    continue;
                }
                // The open interval of t in (0, 1) inside the open box.
                let mut lo = Ratio::new(0i64, 1);
                let mut hi = Ratio::new(1i64, 1);
                let mut inside = true;
                for (a, d, min) in [(ax, dx, 2 * x), (ay, dy, 2 * y)] {
                    let max = min + 2;
                    if d == 0 {
                        inside &= min < a && a < max;
                    } else {
                        let t1 = Ratio::new(i64::from(min - a), i64::from(d));
                        let t2 = Ratio::new(i64::from(max - a), i64::from(d));
                        lo = lo.max(t1.min(t2));
                        hi = hi.min(t1.max(t2));
                    }
                }
                if inside && lo < hi {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Line of sight from `from` to `to`, ignoring miniatures on `ignore` squares.
    pub fn sight(&self, from: (i32, i32), to: (i32, i32), ignore: &[(i32, i32)]) -> bool {
        !self.pinched(from, to)
            && self.squares_between(from, to).into_iter().all(|(x, y)| {
                !self.square(x, y).blocks()
                    && (ignore.contains(&(x, y)) || self.pieces_on(x, y).is_empty())
            })
    }

    /// Paints a square; a wall, closed door or bulkhead removes the
    /// miniature standing there.
    pub fn paint(&mut self, x: i32, y: i32, square: Square) {
        self.set(x, y, square);
        if square.blocks()
            && let Some(i) = self.piece_at(x, y)
        {
            self.pieces.remove(i);
        }
    }

    /// Puts a miniature on a square (clearing a wall there), replacing the
    /// one standing there. It takes the armour already given to its kind on
    /// this board, so an edited armour value sticks.
    pub fn place(&mut self, kind: PieceKind, x: i32, y: i32) {
        if self.square(x, y).blocks() {
            self.set(x, y, Square::Floor);
        }
        let armour = self
            .pieces
            .iter()
            .find(|p| p.kind == kind)
            .map_or(kind.default_armour(), |p| p.armour);
        let piece = Piece { kind, x, y, armour };
        match self.piece_at(x, y) {
            Some(i) => self.pieces[i] = piece,
            None => self.pieces.push(piece),
        }
    }

    /// Takes the miniature off a square, if any.
    pub fn erase(&mut self, x: i32, y: i32) {
        if let Some(i) = self.piece_at(x, y) {
            self.pieces.remove(i);
        }
    }

    /// Puts the Tarantula (and its Gunner behind it) on the board, moving
    /// the old ones and clearing its three squares; returns the Gunner's index.
    pub fn place_tarantula(&mut self, at: TarantulaAt) -> usize {
        self.pieces
            .retain(|p| !matches!(p.kind, PieceKind::Tarantula | PieceKind::Gunner));
        let [front, middle, back] = at.squares();
        for (x, y) in [front, middle, back] {
            if self.square(x, y).blocks() {
                self.set(x, y, Square::Floor);
            }
            self.erase(x, y);
        }
        self.pieces
            .push(Piece::new(PieceKind::Tarantula, middle.0, middle.1));
        self.pieces
            .push(Piece::new(PieceKind::Gunner, back.0, back.1));
        self.tarantula = Some(at);
        self.pieces.len() - 1
    }

    /// The squares a straight line of fire crosses from the firer, up to the
    /// first wall or closed door (or the board's edge).
    pub fn line(&self, from: (i32, i32), dir: Dir) -> Vec<(i32, i32)> {
        let (dx, dy) = dir.delta();
        let mut out = Vec::new();
        let (mut x, mut y) = from;
        loop {
            // A diagonal step between two blocked squares that touch at a corner is blocked.
            if dx != 0 && dy != 0 && self.blocked(x + dx, y) && self.blocked(x, y + dy) {
                return out;
            }
            x += dx;
            y += dy;
            if self.blocked(x, y) {
                return out;
            }
            out.push((x, y));
        }
    }
}

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

/// Works out a shot by the piece at `firer`.
pub fn plan(board: &Board, firer: usize, shot: Shot) -> Result<ShotPlan, String> {
    let f = board.pieces.get(firer).ok_or("no such firer")?;
    let from = (f.x, f.y);
    let odds = |dice: u8, armour: u8, minus: u8| {
        heavy_total_odds(dice, i32::from(armour) + i32::from(minus))
    };
    let armour_of = |piece: usize, from_square: (i32, i32)| -> u8 {
        let p = &board.pieces[piece];
        // A Gunner at the Tarantula's controls: armour 4 against attacks from inside its arc.
        match (p.kind, board.tarantula) {
            (PieceKind::Gunner, Some(t))
                if t.squares()[2] == (p.x, p.y) && t.in_arc(from_square.0, from_square.1) =>
            {
                p.armour.max(4)
            }
            _ => p.armour,
        }
    };
    let mut out = ShotPlan {
        dice: 0,
        separate_rolls: false,
        squares: Vec::new(),
        out_of_sight: Vec::new(),
        targets: Vec::new(),
    };
    match shot {
        Shot::LasCannon { x, y, shots } | Shot::Tarantula { x, y, shots } => {
            if !(1..=3).contains(&shots) {
                return Err(format!("1 to 3 shots, not {shots}"));
            }
            let tarantula = matches!(shot, Shot::Tarantula { .. });
            let (eye, own): ((i32, i32), Vec<(i32, i32)>) = if tarantula {
                let t = board
                    .tarantula
                    .ok_or("there is no Tarantula on the board")?;
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
        }
        Shot::FusionGun { dir } => {
            out.dice = 3;
            out.separate_rolls = true;
            for (a, b) in board.line(from, dir) {
                out.squares.push(SquareAttack {
                    x: a,
                    y: b,
                    minus: 0,
                });
            }
        }
        Shot::ConversionBeam { dir } => {
            out.dice = 3;
            let line = board.line(from, dir);
            // Fired into an adjacent wall, the line has no square: the
            // impact is against the wall itself and the firer stands in
            // the blast, one square from it (an interpretation: see the
            // module doc), so everything starts one lower.
            let point_blank = line.is_empty();
            let mut path = vec![from];
            path.extend(line);
            let (dx, dy) = dir.delta();
            let impact = if point_blank {
                (from.0 + dx, from.1 + dy)
            } else {
                *path.last().unwrap_or(&from)
            };
            let mut put = |x: i32, y: i32, minus: u8| {
                // The blast ends where the attack value would reach zero (3 dice: at most 9).
                if minus >= 9 {
                    return;
                }
                match out.squares.iter_mut().find(|s| (s.x, s.y) == (x, y)) {
                    Some(s) => s.minus = s.minus.min(minus),
                    None => out.squares.push(SquareAttack { x, y, minus }),
                }
            };
            if !point_blank {
                put(impact.0, impact.1, 0);
            }
            for (ox, oy) in [
                (-1, -1),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                let (ax, ay) = (impact.0 + ox, impact.1 + oy);
                // The blast passes no wall: not into one, and not round a
                // corner that two walls close.
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
                put(*a, *b, first + k as u8);
            }
        }
    }
    // A miniature on several squares (the Tarantula) is one target, hit
    // with the best value among its squares.
    for s in &out.squares {
        for piece in board.pieces_on(s.x, s.y) {
            if matches!(shot, Shot::Tarantula { .. })
                && board.pieces[piece].kind.is_marine_side()
                && board
                    .tarantula
                    .is_some_and(|t| t.squares().contains(&(s.x, s.y)))
            {
                continue;
            }
            let armour = armour_of(piece, from);
            match out.targets.iter_mut().find(|t| t.piece == piece) {
                Some(t) if s.minus < t.minus => {
                    t.minus = s.minus;
                    t.eliminated = odds(out.dice, armour, s.minus);
                }
                Some(_) => {}
                None => out.targets.push(TargetOdds {
                    piece,
                    minus: s.minus,
                    armour,
                    eliminated: odds(out.dice, armour, s.minus),
                }),
            }
        }
    }
    Ok(out)
}

/// Rolls `n` heavy dice with a seeded generator (the page passes a fresh seed).
pub fn roll(n: u8, seed: u64) -> Vec<u8> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n).map(|_| HEAVY_DIE[rng.random_range(0..6)]).collect()
}

/// Every position the Tarantula can end a move on: up to six squares
/// forward (counted from its front edge), pivoting 90° or 180° on its middle
/// square for free; it may pass through Marines but not end on any miniature.
pub fn tarantula_moves(board: &Board) -> Vec<TarantulaAt> {
    let Some(start) = board.tarantula else {
        return Vec::new();
    };
    let own: Vec<(i32, i32)> = start.squares().to_vec();
    let open = |t: &TarantulaAt, end: bool| -> bool {
        t.squares().iter().all(|&(x, y)| {
            if !board.on_board(x, y) || board.square(x, y).blocks() {
                return false;
            }
            match board.piece_at(x, y) {
                None => true,
                Some(_) if own.contains(&(x, y)) => true,
                Some(i) => !end && board.pieces[i].kind.is_marine_side(),
            }
        })
    };
    let mut seen = vec![(start, 0u8)];
    let mut frontier = vec![(start, 0u8)];
    while let Some((t, used)) = frontier.pop() {
        let mut next = Vec::new();
        for q in 1..4 {
            next.push((
                TarantulaAt {
                    facing: t.facing.turned(q),
                    ..t
                },
                used,
            ));
        }
        if used < 6 {
            let (dx, dy) = t.facing.delta();
            next.push((
                TarantulaAt {
                    x: t.x + dx,
                    y: t.y + dy,
                    ..t
                },
                used + 1,
            ));
        }
        for (n, u) in next {
            if open(&n, false) && !seen.iter().any(|(s, su)| *s == n && *su <= u) {
                seen.push((n, u));
                frontier.push((n, u));
            }
        }
    }
    let mut ends: Vec<TarantulaAt> = seen
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| *t != start && open(t, true))
        .collect();
    ends.sort_by_key(|t| (t.y, t.x, t.facing as u8));
    ends.dedup();
    ends
}

/// A Dreadnought class from the seed's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DreadnoughtClass {
    pub mark: String,
    pub class: String,
    pub move_squares: u8,
    pub weapon_mountings: u8,
    pub cer_value: u16,
}

impl DreadnoughtClass {
    /// Hits to eliminate: one per weapon, then one more (the seed: four weapons, five hits).
    pub fn hits_to_eliminate(&self) -> u8 {
        self.weapon_mountings + 1
    }
}

/// The seed's Dreadnought classes (`data/dreadnought_classes.csv`).
pub fn classes() -> Result<Vec<DreadnoughtClass>, String> {
    #[derive(Deserialize)]
    struct Row {
        mark: String,
        class: String,
        #[serde(rename = "move")]
        move_squares: u8,
        weapon_mountings: u8,
        cer_value: u16,
    }
    csv::Reader::from_reader(include_str!("../../data/dreadnought_classes.csv").as_bytes())
        .deserialize::<Row>()
        .map(|r| {
            r.map(|r| DreadnoughtClass {
                mark: r.mark,
                class: r.class,
                move_squares: r.move_squares,
                weapon_mountings: r.weapon_mountings,
                cer_value: r.cer_value,
            })
            .map_err(|e| format!("dreadnought_classes.csv: {e}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heavy_dice_totals() {
        assert_eq!(heavy_totals(1), vec![3, 1, 1, 1]);
        assert_eq!(heavy_totals(3).iter().sum::<u64>(), 216);
        assert_eq!(heavy_total_odds(1, 1), (2, 6));
        assert_eq!(heavy_total_odds(3, 9), (0, 216));
    }

    #[test]
    fn las_cannon_example() {
        // A Marine at (0,0); four Gretchin in the 2x2 area at (2,2); a wall at
        // (1,2) hides (2,3) from the Marine. Two Androids in a second area.
        let mut b = Board::new(8, 8);
        b.set(1, 2, Square::Wall);
        b.pieces.push(Piece::new(PieceKind::Marine, 0, 0));
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            b.pieces.push(Piece::new(PieceKind::Gretchin, x, y));
        }
        b.pieces.push(Piece::new(PieceKind::Android, 5, 0));
        b.pieces.push(Piece::new(PieceKind::Android, 6, 1));
        let first = plan(
            &b,
            0,
            Shot::LasCannon {
                x: 2,
                y: 2,
                shots: 1,
            },
        )
        .unwrap();
        assert_eq!(first.out_of_sight, vec![(2, 3)]);
        // A roll of 2 eliminates the three Gretchin in sight, not the fourth.
        let out = first.outcome(&[2]);
        assert_eq!(out.iter().filter(|o| o.2).count(), 3);
        assert!(
            out.iter()
                .all(|(p, _, _)| (b.pieces[*p].x, b.pieces[*p].y) != (2, 3))
        );
        // Two shots concentrated: two dice totalling 3 eliminate both Androids (armour 2).
        let second = plan(
            &b,
            0,
            Shot::LasCannon {
                x: 5,
                y: 0,
                shots: 2,
            },
        )
        .unwrap();
        assert_eq!(second.dice, 2);
        let out = second.outcome(&[3]);
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|o| o.2));
        // Exact odds: P(2 dice > 2) = 14/36 (0+3 and 3+0: 3 ways each; 1+2,
        // 2+1, 1+3, 3+1, 2+2, 2+3, 3+2, 3+3: 1 way each).
        assert_eq!(second.targets[0].eliminated, (14, 36));
    }

    #[test]
    fn fusion_gun_corridor() {
        let mut b = Board::new(10, 3);
        for x in 0..10 {
            b.set(x, 0, Square::Wall);
            b.set(x, 2, Square::Wall);
        }
        b.set(7, 1, Square::ClosedDoor);
        b.pieces.push(Piece::new(PieceKind::Marine, 0, 1));
        b.pieces.push(Piece::new(PieceKind::Gretchin, 2, 1));
        b.pieces.push(Piece::new(PieceKind::Android, 4, 1));
        b.pieces.push(Piece::new(PieceKind::Ork, 5, 1));
        b.pieces.push(Piece::new(PieceKind::Genestealer, 8, 1)); // behind the door
        let p = plan(&b, 0, Shot::FusionGun { dir: Dir::E }).unwrap();
        assert!(p.separate_rolls);
        assert_eq!(
            p.targets.iter().map(|t| t.piece).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        // 7, 2, 4 against Gretchin, Android, Ork: eliminated, unhurt, eliminated.
        let out = p.outcome(&[7, 2, 4]);
        assert_eq!(
            out.iter().map(|o| o.2).collect::<Vec<_>>(),
            vec![true, false, true]
        );
        assert_eq!(p.targets[1].eliminated, heavy_total_odds(3, 2));
    }

    #[test]
    fn conversion_beam_figure() {
        // A corridor three squares wide; the Marine fires east at the far wall.
        let mut b = Board::new(9, 3);
        for y in 0..3 {
            b.set(8, y, Square::Wall);
        }
        b.pieces.push(Piece::new(PieceKind::Marine, 0, 1));
        let p = plan(&b, 0, Shot::ConversionBeam { dir: Dir::E }).unwrap();
        let v = |x, y| p.value_at(x, y, 6);
        assert_eq!(v(7, 1), Some(6), "impact");
        for (x, y) in [(6, 0), (7, 0), (6, 2), (7, 2), (6, 1)] {
            assert_eq!(v(x, y), Some(5), "adjacent ({x},{y})");
        }
        assert_eq!(
            [v(5, 1), v(4, 1), v(3, 1), v(2, 1), v(1, 1)],
            [Some(4), Some(3), Some(2), Some(1), Some(0)]
        );
        // The Marine, seven squares back, is unscathed.
        assert_eq!(p.outcome(&[6]), vec![(0, 0, false)]);
        assert_eq!(p.targets[0].eliminated, (0, 216));
        // Fired at a wall next to him, the Marine is in the blast, one
        // square from the impact against the wall (issue 13.16: an
        // interpretation; it was the full value).
        let mut close = Board::new(3, 1);
        close.set(1, 0, Square::Wall);
        close.pieces.push(Piece::new(PieceKind::Marine, 0, 0));
        let p = plan(&close, 0, Shot::ConversionBeam { dir: Dir::E }).unwrap();
        assert_eq!(p.targets[0].minus, 1);
        assert_eq!(p.outcome(&[3]), vec![(0, 2, false)]);
        assert_eq!(p.outcome(&[4]), vec![(0, 3, true)]);
    }

    #[test]
    fn tarantula_fires_two_dice_a_shot_in_its_arc() {
        let mut b = Board::new(10, 10);
        b.tarantula = Some(TarantulaAt {
            x: 1,
            y: 5,
            facing: Dir::E,
        });
        b.pieces.push(Piece::new(PieceKind::Gunner, 0, 5));
        b.pieces.push(Piece::new(PieceKind::Tarantula, 1, 5));
        b.pieces.push(Piece::new(PieceKind::Ork, 6, 5));
        b.pieces.push(Piece::new(PieceKind::Ork, 2, 1));
        let p = plan(
            &b,
            0,
            Shot::Tarantula {
                x: 6,
                y: 5,
                shots: 2,
            },
        )
        .unwrap();
        assert_eq!(p.dice, 4);
        assert_eq!(p.targets.len(), 1);
        // Behind the arc: nothing is affected.
        let p = plan(
            &b,
            0,
            Shot::Tarantula {
                x: 1,
                y: 1,
                shots: 1,
            },
        )
        .unwrap();
        assert!(p.squares.is_empty());
        // The Gunner's armour is 4 against an Ork inside the arc, 2 from outside.
        let inside = plan(&b, 2, Shot::FusionGun { dir: Dir::W }).unwrap();
        let gunner = inside.targets.iter().find(|t| t.piece == 0).unwrap();
        assert_eq!(gunner.armour, 4);
        b.pieces.push(Piece::new(PieceKind::Ork, 0, 8));
        let outside = plan(&b, 4, Shot::FusionGun { dir: Dir::N }).unwrap();
        assert_eq!(
            outside
                .targets
                .iter()
                .find(|t| t.piece == 0)
                .unwrap()
                .armour,
            2
        );
    }

    #[test]
    fn tarantula_moves_six_and_pivots_on_its_middle() {
        let mut b = Board::new(12, 12);
        b.tarantula = Some(TarantulaAt {
            x: 1,
            y: 10,
            facing: Dir::N,
        });
        b.pieces.push(Piece::new(PieceKind::Gunner, 1, 11));
        let moves = tarantula_moves(&b);
        // The seed's example: four forward, a 90° pivot, two more.
        assert!(moves.contains(&TarantulaAt {
            x: 3,
            y: 6,
            facing: Dir::E
        }));
        // Never more than six squares.
        assert!(!moves.iter().any(|t| t.y < 4));
        // It may not end on a miniature, but may pass Marines.
        b.pieces.push(Piece::new(PieceKind::Marine, 1, 7));
        let moves = tarantula_moves(&b);
        assert!(!moves.contains(&TarantulaAt {
            x: 1,
            y: 7,
            facing: Dir::N
        }));
        assert!(moves.contains(&TarantulaAt {
            x: 1,
            y: 5,
            facing: Dir::N
        }));
    }

    #[test]
    fn board_editing_keeps_squares_and_miniatures_consistent() {
        let mut b = Board::new(6, 6);
        b.place(PieceKind::Ork, 2, 2);
        b.pieces[0].armour = 3;
        // A wall on a miniature removes it; a miniature on a wall clears it.
        b.paint(2, 2, Square::Wall);
        assert!(b.pieces.is_empty());
        b.place(PieceKind::Ork, 2, 2);
        assert_eq!(b.square(2, 2), Square::Floor);
        assert_eq!(b.pieces[0].armour, PieceKind::Ork.default_armour());
        b.pieces[0].armour = 3;
        // The next Ork takes the edited armour; placing on a piece replaces it.
        b.place(PieceKind::Ork, 4, 4);
        assert_eq!(b.pieces[1].armour, 3);
        b.place(PieceKind::Gretchin, 4, 4);
        assert_eq!(b.pieces.len(), 2);
        assert_eq!(b.pieces[1].kind, PieceKind::Gretchin);
        b.erase(4, 4);
        b.erase(5, 5);
        assert_eq!(b.pieces.len(), 1);
        // The Tarantula clears its squares and brings its Gunner; placed again, it moves.
        b.paint(3, 1, Square::Wall);
        let gunner = b.place_tarantula(TarantulaAt {
            x: 2,
            y: 1,
            facing: Dir::E,
        });
        assert_eq!(b.pieces[gunner].kind, PieceKind::Gunner);
        assert_eq!((b.pieces[gunner].x, b.pieces[gunner].y), (1, 1));
        assert_eq!(b.square(3, 1), Square::Floor);
        let gunner = b.place_tarantula(TarantulaAt {
            x: 2,
            y: 4,
            facing: Dir::N,
        });
        assert_eq!((b.pieces[gunner].x, b.pieces[gunner].y), (2, 5));
        assert_eq!(
            b.pieces
                .iter()
                .filter(|p| p.kind == PieceKind::Tarantula)
                .count(),
            1
        );
        assert_eq!(Dir::towards((0, 0), (5, 2)), Some(Dir::Se));
        assert_eq!(Dir::towards((3, 3), (3, 0)), Some(Dir::N));
        assert_eq!(Dir::towards((3, 3), (3, 3)), None);
    }

    /// Issue 13.14: a diagonal line does not pass between two walls that
    /// touch at a corner.
    #[test]
    fn a_line_between_walls_touching_at_a_corner_is_blocked() {
        let mut b = Board::new(4, 4);
        b.set(1, 0, Square::Wall);
        b.set(0, 1, Square::Wall);
        assert!(!b.sight((0, 0), (1, 1), &[]));
        assert!(!b.sight((0, 0), (3, 3), &[]));
        assert!(!b.sight((1, 1), (0, 0), &[]), "either way");
        assert!(b.line((0, 0), Dir::Se).is_empty());
        // One wall alone: the line grazes its corner and passes.
        b.set(0, 1, Square::Floor);
        assert!(b.sight((0, 0), (1, 1), &[]));
        assert_eq!(b.line((0, 0), Dir::Se), vec![(1, 1), (2, 2), (3, 3)]);
        // The other diagonal.
        let mut b = Board::new(4, 4);
        b.set(1, 1, Square::Wall);
        b.set(2, 2, Square::Wall);
        assert!(!b.sight((1, 2), (2, 1), &[]));
        b.set(2, 2, Square::Floor);
        assert!(b.sight((1, 2), (2, 1), &[]));
    }

    /// Issue 13.15: the blast does not reach round a corner two walls close.
    #[test]
    fn the_blast_does_not_pass_a_corner_closed_by_walls() {
        let mut b = Board::new(6, 5);
        for y in 0..5 {
            b.set(4, y, Square::Wall);
        }
        b.set(3, 1, Square::Wall);
        b.set(4, 1, Square::Floor);
        b.pieces.push(Piece::new(PieceKind::Marine, 0, 2));
        b.pieces.push(Piece::new(PieceKind::Gretchin, 4, 1));
        let p = plan(&b, 0, Shot::ConversionBeam { dir: Dir::E }).unwrap();
        assert_eq!(p.value_at(3, 2, 6), Some(6), "impact");
        assert_eq!(p.value_at(4, 1, 6), None, "sealed off by (4,2) and (3,1)");
        assert!(p.targets.iter().all(|t| t.piece != 1));
        // Open the corner: the Gretchin is in the blast.
        b.set(3, 1, Square::Floor);
        let p = plan(&b, 0, Shot::ConversionBeam { dir: Dir::E }).unwrap();
        assert_eq!(p.value_at(4, 1, 6), Some(5));
        assert!(p.targets.iter().any(|t| t.piece == 1 && t.minus == 1));
    }

    /// Issue 13.17: the Tarantula is hit through any of its three squares.
    #[test]
    fn a_shot_at_any_square_of_the_tarantula_can_hit_it() {
        let mut b = Board::new(12, 10);
        b.tarantula = Some(TarantulaAt {
            x: 5,
            y: 5,
            facing: Dir::E,
        });
        b.pieces.push(Piece::new(PieceKind::Dreadnought, 10, 5));
        b.pieces.push(Piece::new(PieceKind::Tarantula, 5, 5));
        // The area covers the front square (6,5) only.
        let p = plan(
            &b,
            0,
            Shot::LasCannon {
                x: 6,
                y: 4,
                shots: 1,
            },
        )
        .unwrap();
        let t = p
            .targets
            .iter()
            .find(|t| t.piece == 1)
            .expect("the Tarantula is a target");
        assert_eq!(t.armour, 6);
        assert_eq!(p.targets.iter().filter(|t| t.piece == 1).count(), 1);
        // An area that covers none of its squares misses it.
        let p = plan(
            &b,
            0,
            Shot::LasCannon {
                x: 7,
                y: 2,
                shots: 1,
            },
        )
        .unwrap();
        assert!(p.targets.iter().all(|t| t.piece != 1));
        // It blocks sight on all three squares.
        assert!(!b.sight((10, 5), (2, 5), &[]));
        assert_eq!(b.pieces_on(4, 5), vec![1]);
    }

    #[test]
    fn line_of_sight_is_centre_to_centre() {
        let mut b = Board::new(5, 5);
        assert!(b.sight((0, 0), (4, 4), &[]));
        b.pieces.push(Piece::new(PieceKind::Ork, 2, 2));
        assert!(!b.sight((0, 0), (4, 4), &[]));
        assert!(b.sight((0, 0), (4, 4), &[(2, 2)]));
        // A corner point touches no square.
        b.set(1, 0, Square::Wall);
        b.set(0, 1, Square::Wall);
        assert!(b.squares_between((0, 0), (1, 1)).is_empty());
    }

    #[test]
    fn the_dreadnought_classes_table() {
        let c = classes().unwrap();
        assert_eq!(c.len(), 4);
        assert_eq!(
            (
                c[0].mark.as_str(),
                c[0].class.as_str(),
                c[0].move_squares,
                c[0].cer_value
            ),
            ("Mark VII", "Malevolent", 4, 25)
        );
        assert_eq!(c[3].hits_to_eliminate(), 5);
        assert_eq!(c[1].hits_to_eliminate(), 3);
    }

    #[test]
    fn rolls_are_heavy_dice() {
        let r = roll(6, 42);
        assert_eq!(r.len(), 6);
        assert!(r.iter().all(|f| HEAVY_DIE.contains(f)));
        assert_eq!(roll(6, 42), r, "a seed gives the same roll");
    }
}
