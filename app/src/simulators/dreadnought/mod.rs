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
use super::words::{Words, alert};

use crate::i18n::{Locale, td, td_string};

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

/// What a tool does, in the page's language; a miniature's tool by the
/// miniature's name (the seed's names, the same in every language).
pub(super) fn tool_label(l: Locale, name: &str) -> String {
    let said = match name {
        "target" => td_string!(l, sims.dread_tool_target),
        "firer" => td_string!(l, sims.dread_tool_firer),
        "erase" => td_string!(l, sims.dread_tool_erase),
        "tarantula" => td_string!(l, sims.dread_tool_tarantula),
        "floor" => td_string!(l, sims.dread_tool_floor),
        "wall" => td_string!(l, sims.dread_tool_wall),
        "open-door" => td_string!(l, sims.dread_tool_open_door),
        "closed-door" => td_string!(l, sims.dread_tool_closed_door),
        "bulkhead" => td_string!(l, sims.dread_tool_bulkhead),
        other => {
            let mut s = other.replace('-', " ");
            if let Some(f) = s.get_mut(0..1) {
                f.make_ascii_uppercase();
            }
            return s;
        }
    };
    said.to_string()
}

/// A weapon's name and what it fires, in the page's language.
pub(super) fn weapon_label(l: Locale, weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::LasCannon => td_string!(l, sims.dread_weapon_las_cannon),
        Weapon::FusionGun => td_string!(l, sims.dread_weapon_fusion_gun),
        Weapon::ConversionBeam => td_string!(l, sims.dread_weapon_conversion_beam),
        Weapon::Tarantula => td_string!(l, sims.dread_weapon_tarantula),
    }
}

/// A direction's abbreviation in the page's language ("N", "NE", …; the
/// catalogue lists the eight in [`DIRS`]' order).
pub(super) fn dir_label(l: Locale, dir: Dir) -> String {
    let at = DIRS.iter().position(|(d, _)| *d == dir).unwrap_or(0);
    let compass = td_string!(l, sims.dread_compass);
    compass
        .split_whitespace()
        .nth(at)
        .map_or_else(|| DIRS[at].1.to_uppercase(), str::to_string)
}

/// "Marine at (2, 3)": a miniature where it stands.
pub(super) fn piece_at(l: Locale, kind: MiniatureKind, x: i32, y: i32) -> String {
    super::words::fill(
        td_string!(l, sims.dread_piece_at),
        &[("kind", &kind.name()), ("x", &x), ("y", &y)],
    )
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

/// Each weapon and its address word (its words: [`weapon_label`]).
pub(super) const WEAPONS: [(Weapon, &str); 4] = [
    (Weapon::LasCannon, "las-cannon"),
    (Weapon::FusionGun, "fusion-gun"),
    (Weapon::ConversionBeam, "conversion-beam"),
    (Weapon::Tarantula, "tarantula"),
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
    let l = Words::of_page().locale;
    view! {
        <SimulatorPanel
            id="dreadnought-simulator"
            address_error=None
            title=td_string!(l, sims.dread_title)
            hint=td_string!(l, sims.dread_hint)
        >

            <ToolPicker dread />
            <Grid dread />
            <ShotControls dread />
            <RollLine rolled=dread.rolled />
            <OddsTable dread />
            <details>
                <summary>{td_string!(l, sims.dread_armour_values)}</summary>
                <ArmourFields board=dread.board />
            </details>
            <DiceTotals result=dread.result />
        </SimulatorPanel>
    }
}

/// The dice just rolled and their total.
#[component]
fn RollLine(rolled: RwSignal<Option<Vec<u8>>>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <p class="dread-roll" aria-live="polite">
            {move || {
                rolled
                    .get()
                    .map(|r| {
                        td!(
                            l,
                            sims.dread_rolled,
                            dice = r.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
                            total = r.iter().map(|x| u32::from(*x)).sum::<u32>()
                        )
                    })
            }}
        </p>
    }
}

/// How often the shot's heavy dice make each total.
#[component]
fn DiceTotals(result: Memo<Result<ShotPlan, ShotError>>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <p class="hint">
            {move || {
                let n = result.get().map(|p| p.dice).unwrap_or(0);
                let ways = heavy_totals(n);
                let all: u64 = ways.iter().sum();
                let totals = ways
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| **w > 0)
                    .map(|(t, w)| format!("{t}: {w}/{all}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                let count = u64::from(n);
                td!(l, sims.dread_heavy_dice, count = move || count, totals)
            }}
        </p>
    }
}

/// Why the shot cannot be worked out, in the page's language.
pub(super) fn shot_error(l: Locale, e: &ShotError) -> impl IntoView + use<> {
    let words = match e {
        ShotError::NoSuchFirer => td!(l, sims.dread_error_no_firer).into_any(),
        ShotError::Shots(n) => td!(l, sims.dread_error_shots, shots = *n).into_any(),
        ShotError::NoTarantula => td!(l, sims.dread_error_no_tarantula).into_any(),
    };
    alert(words)
}

/// The seed's Dreadnought classes as a table.
#[component]
pub fn DreadnoughtClasses() -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    // The classes' names are the seed's: English, marked on another page.
    let english = (words.lang != cards::lang::Lang::En).then_some("en");
    match classes() {
        Ok(c) => Either::Left(view! {
            <aside class="simulator dreadnought-classes" id="dreadnought-classes-table">
                <h2>{td_string!(l, sims.dread_classes_title)}</h2>
                <table class="classes">
                    <ColumnHeads columns=vec![
                        td_string!(l, sims.dread_classes_mark),
                        td_string!(l, sims.dread_classes_class),
                        td_string!(l, sims.dread_classes_move),
                        td_string!(l, sims.dread_classes_mountings),
                        td_string!(l, sims.dread_classes_hits),
                        td_string!(l, sims.dread_classes_cer),
                    ] />
                    <tbody>
                        {c
                            .into_iter()
                            .map(|d| {
                                let hits = d.hits_to_eliminate();
                                view! {
                                    <tr>
                                        <th scope="row" lang=english>
                                            {d.mark}
                                        </th>
                                        <td lang=english>{d.class}</td>
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
                <p class="hint">{td_string!(l, sims.dread_classes_hint)}</p>
            </aside>
        }),
        Err(e) => Either::Right(view! { <crate::components::Alert text=e.to_string() /> }),
    }
}
