//! The Mission Dreadnought grid: a board editor, the extra-heavy weapons
//! and the Tarantula, with each square's attack value and each miniature's
//! exact chance of elimination, and a rolled outcome.

mod controls;
mod grid;
mod odds;

use cards::dreadnought::{
    Board, Dir, MiniatureKind, Shot, ShotError, ShotPlan, Square, TarantulaAt, classes,
    heavy_totals, plan, roll, tarantula_moves,
};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::ColumnHeads;

use super::SimulatorPanel;

use crate::components::Alert;

use controls::{ArmourFields, ShotControls, ToolPicker};
use grid::Grid;
use odds::OddsTable;

/// What a click on a square does.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Tool {
    Paint(Square),
    Place(MiniatureKind),
    Erase,
    Firer,
    Target,
    Tarantula,
}

pub(super) const TOOLS: [(&str, Tool); 15] = [
    ("target", Tool::Target),
    ("firer", Tool::Firer),
    ("floor", Tool::Paint(Square::Floor)),
    ("wall", Tool::Paint(Square::Wall)),
    ("open-door", Tool::Paint(Square::OpenDoor)),
    ("closed-door", Tool::Paint(Square::ClosedDoor)),
    ("bulkhead", Tool::Paint(Square::Bulkhead)),
    ("marine", Tool::Place(MiniatureKind::Marine)),
    ("gretchin", Tool::Place(MiniatureKind::Gretchin)),
    ("ork", Tool::Place(MiniatureKind::Ork)),
    ("android", Tool::Place(MiniatureKind::Android)),
    ("genestealer", Tool::Place(MiniatureKind::Genestealer)),
    ("dreadnought", Tool::Place(MiniatureKind::Dreadnought)),
    ("tarantula", Tool::Tarantula),
    ("erase", Tool::Erase),
];

pub(super) fn tool_label(name: &str) -> String {
    match name {
        "target" => "Aim (area or line)".into(),
        "firer" => "Choose the firer".into(),
        "erase" => "Remove a miniature".into(),
        "tarantula" => "Place the Tarantula and Gunner".into(),
        other => {
            let mut s = other.replace('-', " ");
            if let Some(f) = s.get_mut(0..1) {
                f.make_ascii_uppercase();
            }
            s
        }
    }
}

pub(super) fn short(kind: MiniatureKind) -> &'static str {
    match kind {
        MiniatureKind::Marine => "M",
        MiniatureKind::Gunner => "Gu",
        MiniatureKind::Tarantula => "T",
        MiniatureKind::Gretchin => "Gr",
        MiniatureKind::Ork => "O",
        MiniatureKind::Android => "A",
        MiniatureKind::Genestealer => "Gs",
        MiniatureKind::Dreadnought => "D",
    }
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Weapon {
    LasCannon,
    FusionGun,
    ConversionBeam,
    Tarantula,
}

pub(super) const WEAPONS: [(Weapon, &str, &str); 4] = [
    (
        Weapon::LasCannon,
        "las-cannon",
        "Las-cannon (1 die a shot, 2x2 area)",
    ),
    (
        Weapon::FusionGun,
        "fusion-gun",
        "Fusion Gun (3 dice for each miniature in a line)",
    ),
    (
        Weapon::ConversionBeam,
        "conversion-beam",
        "Conversion Beam (3 dice; blast)",
    ),
    (
        Weapon::Tarantula,
        "tarantula",
        "Tarantula (2 dice a shot, in its arc)",
    ),
];

pub(super) const DIRS: [(Dir, &str); 8] = [
    (Dir::N, "n"),
    (Dir::Ne, "ne"),
    (Dir::E, "e"),
    (Dir::Se, "se"),
    (Dir::S, "s"),
    (Dir::Sw, "sw"),
    (Dir::W, "w"),
    (Dir::Nw, "nw"),
];

/// The simulator's state: the board, the tools and the shot, and what the
/// shot does (worked out by `cards::dreadnought`).
#[derive(Clone, Copy)]
pub(super) struct Dread {
    board: RwSignal<Board>,
    tool: RwSignal<Tool>,
    firer: RwSignal<usize>,
    weapon: RwSignal<Weapon>,
    target: RwSignal<(i32, i32)>,
    shots: RwSignal<u8>,
    dir: RwSignal<Dir>,
    facing: RwSignal<Dir>,
    show_moves: RwSignal<bool>,
    rolled: RwSignal<Option<Vec<u8>>>,
    result: Memo<Result<ShotPlan, ShotError>>,
    moves: Memo<Vec<TarantulaAt>>,
}

impl Dread {
    fn new() -> Dread {
        let board = RwSignal::new(Board::las_cannon_example());
        let firer = RwSignal::new(0usize);
        let weapon = RwSignal::new(Weapon::LasCannon);
        let target = RwSignal::new((2i32, 2i32));
        let shots = RwSignal::new(1u8);
        let dir = RwSignal::new(Dir::E);
        let show_moves = RwSignal::new(false);
        let shot = move || {
            let (x, y) = target.get();
            match weapon.get() {
                Weapon::LasCannon => Shot::LasCannon {
                    x,
                    y,
                    shots: shots.get(),
                },
                Weapon::Tarantula => Shot::Tarantula {
                    x,
                    y,
                    shots: shots.get(),
                },
                Weapon::FusionGun => Shot::FusionGun { dir: dir.get() },
                Weapon::ConversionBeam => Shot::ConversionBeam { dir: dir.get() },
            }
        };
        let result = Memo::new(move |_| board.with(|b| plan(b, firer.get(), shot())));
        let moves = Memo::new(move |_| {
            if show_moves.get() {
                board.with(tarantula_moves)
            } else {
                Vec::new()
            }
        });
        let rolled = RwSignal::new(None::<Vec<u8>>);
        // A new shot forgets the last roll.
        Effect::new(move |_| {
            result.track();
            rolled.set(None);
        });
        Dread {
            board,
            tool: RwSignal::new(Tool::Target),
            firer,
            weapon,
            target,
            shots,
            dir,
            facing: RwSignal::new(Dir::E),
            show_moves,
            rolled,
            result,
            moves,
        }
    }

    /// What a click on square (x, y) does with the tool in hand; the board
    /// edits themselves are `cards::dreadnought::Board`'s.
    fn click(self, x: i32, y: i32) {
        let board = self.board;
        match self.tool.get() {
            Tool::Paint(s) => board.update(|b| b.paint(x, y, s)),
            Tool::Place(kind) => board.update(|b| b.place(kind, x, y)),
            Tool::Erase => board.update(|b| b.erase(x, y)),
            Tool::Firer => {
                if let Some(i) = board.with(|b| b.piece_at(x, y)) {
                    self.firer.set(i);
                }
            }
            Tool::Target => {
                self.target.set((x, y));
                // For line weapons, aim at the square: the nearest of the eight directions.
                let from = board.with(|b| {
                    b.pieces
                        .get(self.firer.get())
                        .map_or((0, 0), |p| (p.x, p.y))
                });
                if let Some(d) = Dir::towards(from, (x, y)) {
                    self.dir.set(d);
                }
            }
            Tool::Tarantula => {
                let at = TarantulaAt {
                    x,
                    y,
                    facing: self.facing.get_untracked(),
                };
                let mut gunner = 0;
                board.update(|b| gunner = b.place_tarantula(at));
                self.firer.set(gunner);
                self.weapon.set(Weapon::Tarantula);
            }
        }
        // Miniature indices may have moved: keep the firer on a piece.
        let n = board.with_untracked(|b| b.pieces.len());
        if self.firer.get_untracked() >= n {
            self.firer.set(0);
        }
    }

    /// Rolls the shot's dice: one set, or one set for each target.
    fn roll(self) {
        if let Ok(p) = self.result.get_untracked() {
            let sets = if p.separate_rolls { p.targets.len() } else { 1 };
            let n = p.dice.saturating_mul(u8::try_from(sets).unwrap_or(u8::MAX));
            self.rolled
                .set(Some(roll(n, crate::browser::now_ms().to_bits())));
        }
    }
}

#[component]
pub fn DreadnoughtSimulator() -> impl IntoView {
    let dread = Dread::new();
    view! {
        <SimulatorPanel
            id="dreadnought-simulator"
            address_error=None
            title="Extra-heavy weapons on the grid"
            hint="Interpretation (the figures are not in the transcription): walls and doors fill whole squares; line of sight runs centre to centre and is blocked by walls, closed doors and bulkheads, and miniatures (not those of the area being fired at); the Tarantula's arc of fire is the 90° cone ahead of its front square. A line between two walls that touch at a corner is blocked. The manned Tarantula occupies three squares (front, middle and the Gunner's): a shot at any of them can hit it. The Conversion Beam's blast passes no wall, nor a corner two walls close; fired into an adjacent wall, it strikes the wall and the firer, one square from the impact, is attacked by the total less one. A miniature is eliminated when the attack is higher than its armour."
        >

            <ToolPicker dread />
            <Grid dread />
            <ShotControls dread />
            <RollLine rolled=dread.rolled />
            <OddsTable dread />
            <details>
                <summary>"Armour values"</summary>
                <ArmourFields board=dread.board />
            </details>
            <DiceTotals result=dread.result />
        </SimulatorPanel>
    }
}

/// The dice just rolled and their total.
#[component]
fn RollLine(rolled: RwSignal<Option<Vec<u8>>>) -> impl IntoView {
    view! {
        <p class="dread-roll" aria-live="polite">
            {move || {
                rolled
                    .get()
                    .map(|r| {
                        format!(
                            "Rolled: {} (total {}).",
                            r.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
                            r.iter().map(|x| u32::from(*x)).sum::<u32>(),
                        )
                    })
            }}
        </p>
    }
}

/// How often the shot's heavy dice make each total.
#[component]
fn DiceTotals(result: Memo<Result<ShotPlan, ShotError>>) -> impl IntoView {
    view! {
        <p class="hint">
            {move || {
                let n = result.get().map(|p| p.dice).unwrap_or(0);
                let ways = heavy_totals(n);
                let all: u64 = ways.iter().sum();
                format!(
                    "{n} heavy dice (0, 0, 0, 1, 2, 3): totals {}.",
                    ways
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| **w > 0)
                        .map(|(t, w)| format!("{t}: {w}/{all}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                )
            }}
        </p>
    }
}

/// The seed's Dreadnought classes as a table.
#[component]
pub fn DreadnoughtClasses() -> impl IntoView {
    match classes() {
        Ok(c) => Either::Left(view! {
            <aside class="simulator dreadnought-classes" id="dreadnought-classes-table">
                <h2>"Dreadnought classes"</h2>
                <table class="classes">
                    <ColumnHeads columns=vec![
                        "Mark",
                        "Class",
                        "Move",
                        "Weapon mountings",
                        "Hits to eliminate",
                        "C.E.R. value",
                    ] />
                    <tbody>
                        {c
                            .into_iter()
                            .map(|d| {
                                let hits = d.hits_to_eliminate();
                                view! {
                                    <tr>
                                        <th scope="row">{d.mark}</th>
                                        <td>{d.class}</td>
                                        <td>{d.move_squares}</td>
                                        <td>{d.weapon_mountings}</td>
                                        <td>{hits}</td>
                                        <td>{d.cer_value}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
                <p class="hint">
                    "Armour 4 for every class; one hit per weapon, then one more (the seed: four weapons, five hits)."
                </p>
            </aside>
        }),
        Err(e) => Either::Right(view! { <Alert text=e.to_string() /> }),
    }
}
