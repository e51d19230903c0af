//! The grid: squares, miniatures, the Tarantula, line of sight and moves.

use num_rational::Ratio;
use serde::{Deserialize, Serialize};

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

/// What a miniature is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MiniatureKind {
    Marine,
    Gunner,
    Tarantula,
    Gretchin,
    Ork,
    Android,
    Genestealer,
    Dreadnought,
}

impl MiniatureKind {
    /// Every kind, in the order the page lists them.
    pub const ALL: [MiniatureKind; 8] = [
        MiniatureKind::Marine,
        MiniatureKind::Gunner,
        MiniatureKind::Tarantula,
        MiniatureKind::Gretchin,
        MiniatureKind::Ork,
        MiniatureKind::Android,
        MiniatureKind::Genestealer,
        MiniatureKind::Dreadnought,
    ];

    /// The miniature's name, as the page shows it.
    pub fn name(self) -> &'static str {
        match self {
            MiniatureKind::Marine => "Marine",
            MiniatureKind::Gunner => "Gunner",
            MiniatureKind::Tarantula => "Tarantula",
            MiniatureKind::Gretchin => "Gretchin",
            MiniatureKind::Ork => "Ork",
            MiniatureKind::Android => "Android",
            MiniatureKind::Genestealer => "Genestealer",
            MiniatureKind::Dreadnought => "Dreadnought",
        }
    }

    /// Default armour: the seed's (Marine 2, Tarantula 6, Dreadnought 4); the
    /// others are settings (data/SOURCES.md: Gretchin below 2, Android 2, Ork below 4).
    pub fn default_armour(self) -> u8 {
        match self {
            MiniatureKind::Marine | MiniatureKind::Gunner => 2,
            MiniatureKind::Tarantula => 6,
            MiniatureKind::Dreadnought => 4,
            MiniatureKind::Gretchin => 1,
            MiniatureKind::Ork => 2,
            MiniatureKind::Android => 2,
            MiniatureKind::Genestealer => 2,
        }
    }

    /// Marines and their Tarantula crew, who do not block their own shots.
    pub fn is_marine_side(self) -> bool {
        matches!(
            self,
            MiniatureKind::Marine | MiniatureKind::Gunner | MiniatureKind::Tarantula
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

    /// The eight directions, clockwise from north.
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
    /// One square's step in this direction: (dx, dy), y growing southwards.
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
    /// North, east, south or west (the Tarantula faces only these).
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
pub struct Miniature {
    pub kind: MiniatureKind,
    pub x: i32,
    pub y: i32,
    pub armour: u8,
}

impl Miniature {
    /// A miniature of this kind at (x, y), with its kind's armour.
    pub fn new(kind: MiniatureKind, x: i32, y: i32) -> Miniature {
        Miniature {
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
    pub pieces: Vec<Miniature>,
    pub tarantula: Option<TarantulaAt>,
}

/// The largest board side.
pub const MAX_SIDE: i32 = 40;

impl Board {
    /// The seed's Las-cannon example on a 10x8 board: a Marine at (0, 0),
    /// four Gretchin in the 2x2 area at (2, 2) with a wall at (1, 2) hiding
    /// (2, 3) from the Marine, and two Androids in a second area.
    pub fn las_cannon_example() -> Board {
        let mut b = Board::new(10, 8);
        b.set(1, 2, Square::Wall);
        b.pieces.push(Miniature::new(MiniatureKind::Marine, 0, 0));
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            b.pieces.push(Miniature::new(MiniatureKind::Gretchin, x, y));
        }
        b.pieces.push(Miniature::new(MiniatureKind::Android, 5, 0));
        b.pieces.push(Miniature::new(MiniatureKind::Android, 6, 1));
        b
    }

    /// An empty board of floor squares.
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

    /// Whether (x, y) is a square of the board.
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    /// What fills (x, y); off the board is wall.
    pub fn square(&self, x: i32, y: i32) -> Square {
        if self.on_board(x, y) {
            self.squares[(y * self.width + x) as usize]
        } else {
            Square::Wall
        }
    }

    /// Fills (x, y); a square off the board is left alone.
    pub fn set(&mut self, x: i32, y: i32, s: Square) {
        if self.on_board(x, y) {
            self.squares[(y * self.width + x) as usize] = s;
        }
    }

    /// The miniature on (x, y), by index, if any.
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
            Some(t) if p.kind == MiniatureKind::Tarantula && t.squares().contains(&(p.x, p.y)) => {
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
    pub(super) fn blocked(&self, x: i32, y: i32) -> bool {
        !self.on_board(x, y) || self.square(x, y).blocks()
    }

    /// Corners the open segment between two centres passes exactly
    /// through where the two squares beside the line are both blocked: the
    /// line squeezes between walls that touch at a corner, and is blocked.
    pub(super) fn pinched(&self, from: (i32, i32), to: (i32, i32)) -> bool {
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
    pub fn place(&mut self, kind: MiniatureKind, x: i32, y: i32) {
        if self.square(x, y).blocks() {
            self.set(x, y, Square::Floor);
        }
        let armour = self
            .pieces
            .iter()
            .find(|p| p.kind == kind)
            .map_or(kind.default_armour(), |p| p.armour);
        let piece = Miniature { kind, x, y, armour };
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
            .retain(|p| !matches!(p.kind, MiniatureKind::Tarantula | MiniatureKind::Gunner));
        let [front, middle, back] = at.squares();
        for (x, y) in [front, middle, back] {
            if self.square(x, y).blocks() {
                self.set(x, y, Square::Floor);
            }
            self.erase(x, y);
        }
        self.pieces
            .push(Miniature::new(MiniatureKind::Tarantula, middle.0, middle.1));
        self.pieces
            .push(Miniature::new(MiniatureKind::Gunner, back.0, back.1));
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
