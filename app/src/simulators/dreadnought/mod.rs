//! The Mission Dreadnought grid: a board editor, the extra-heavy weapons
//! and the Tarantula, with each square's attack value and each miniature's
//! exact chance of elimination, and a rolled outcome.

use cards::dreadnought::{
    Board, Dir, Piece, PieceKind, Shot, Square, TarantulaAt, classes, heavy_totals, plan, roll,
    tarantula_moves,
};
use leptos::prelude::*;

/// What a click on a square does.
#[derive(Clone, Copy, PartialEq)]
enum Tool {
    Paint(Square),
    Place(PieceKind),
    Erase,
    Firer,
    Target,
    Tarantula,
}

const TOOLS: [(&str, Tool); 15] = [
    ("target", Tool::Target),
    ("firer", Tool::Firer),
    ("floor", Tool::Paint(Square::Floor)),
    ("wall", Tool::Paint(Square::Wall)),
    ("open-door", Tool::Paint(Square::OpenDoor)),
    ("closed-door", Tool::Paint(Square::ClosedDoor)),
    ("bulkhead", Tool::Paint(Square::Bulkhead)),
    ("marine", Tool::Place(PieceKind::Marine)),
    ("gretchin", Tool::Place(PieceKind::Gretchin)),
    ("ork", Tool::Place(PieceKind::Ork)),
    ("android", Tool::Place(PieceKind::Android)),
    ("genestealer", Tool::Place(PieceKind::Genestealer)),
    ("dreadnought", Tool::Place(PieceKind::Dreadnought)),
    ("tarantula", Tool::Tarantula),
    ("erase", Tool::Erase),
];

fn tool_label(name: &str) -> String {
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

fn short(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Marine => "M",
        PieceKind::Gunner => "Gu",
        PieceKind::Tarantula => "T",
        PieceKind::Gretchin => "Gr",
        PieceKind::Ork => "O",
        PieceKind::Android => "A",
        PieceKind::Genestealer => "Gs",
        PieceKind::Dreadnought => "D",
    }
}

/// The seed's Las-cannon example: a Marine, four Gretchin (one hidden by a
/// wall) and two Androids.
fn example_board() -> Board {
    let mut b = Board::new(10, 8);
    b.set(1, 2, Square::Wall);
    b.pieces.push(Piece::new(PieceKind::Marine, 0, 0));
    for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
        b.pieces.push(Piece::new(PieceKind::Gretchin, x, y));
    }
    b.pieces.push(Piece::new(PieceKind::Android, 5, 0));
    b.pieces.push(Piece::new(PieceKind::Android, 6, 1));
    b
}

#[derive(Clone, Copy, PartialEq)]
enum Weapon {
    LasCannon,
    FusionGun,
    ConversionBeam,
    Tarantula,
}

const WEAPONS: [(Weapon, &str, &str); 4] = [
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

const DIRS: [(Dir, &str); 8] = [
    (Dir::N, "n"),
    (Dir::Ne, "ne"),
    (Dir::E, "e"),
    (Dir::Se, "se"),
    (Dir::S, "s"),
    (Dir::Sw, "sw"),
    (Dir::W, "w"),
    (Dir::Nw, "nw"),
];

#[component]
pub fn DreadnoughtSimulator() -> impl IntoView {
    let board = RwSignal::new(example_board());
    let tool = RwSignal::new(Tool::Target);
    let firer = RwSignal::new(0usize);
    let weapon = RwSignal::new(Weapon::LasCannon);
    let target = RwSignal::new((2i32, 2i32));
    let shots = RwSignal::new(1u8);
    let dir = RwSignal::new(Dir::E);
    let facing = RwSignal::new(Dir::E);
    let show_moves = RwSignal::new(false);
    let rolled = RwSignal::new(None::<Vec<u8>>);

    let shot = move || match weapon.get() {
        Weapon::LasCannon => Shot::LasCannon {
            x: target.get().0,
            y: target.get().1,
            shots: shots.get(),
        },
        Weapon::Tarantula => Shot::Tarantula {
            x: target.get().0,
            y: target.get().1,
            shots: shots.get(),
        },
        Weapon::FusionGun => Shot::FusionGun { dir: dir.get() },
        Weapon::ConversionBeam => Shot::ConversionBeam { dir: dir.get() },
    };
    let result = Memo::new(move |_| board.with(|b| plan(b, firer.get(), shot())));
    // A new shot forgets the last roll.
    Effect::new(move |_| {
        result.track();
        rolled.set(None);
    });
    let moves = Memo::new(move |_| {
        if show_moves.get() {
            board.with(tarantula_moves)
        } else {
            Vec::new()
        }
    });

    let click = move |x: i32, y: i32| {
        match tool.get() {
            Tool::Paint(s) => board.update(|b| b.paint(x, y, s)),
            Tool::Place(kind) => board.update(|b| b.place(kind, x, y)),
            Tool::Erase => board.update(|b| b.erase(x, y)),
            Tool::Firer => {
                if let Some(i) = board.with(|b| b.piece_at(x, y)) {
                    firer.set(i);
                }
            }
            Tool::Target => {
                target.set((x, y));
                // For line weapons, aim at the square: the nearest of the eight directions.
                let from = board.with(|b| b.pieces.get(firer.get()).map_or((0, 0), |p| (p.x, p.y)));
                if let Some(d) = Dir::towards(from, (x, y)) {
                    dir.set(d);
                }
            }
            Tool::Tarantula => {
                let at = TarantulaAt {
                    x,
                    y,
                    facing: facing.get_untracked(),
                };
                let mut gunner = 0;
                board.update(|b| gunner = b.place_tarantula(at));
                firer.set(gunner);
                weapon.set(Weapon::Tarantula);
            }
        }
        // Piece indices may have moved: keep the firer on a piece.
        let n = board.with_untracked(|b| b.pieces.len());
        if firer.get_untracked() >= n {
            firer.set(0);
        }
    };

    let grid = move || {
        let b = board.get();
        let r = result.get();
        let total = rolled
            .get()
            .and_then(|v| (!v.is_empty()).then(|| v.iter().sum::<u8>()));
        let separate = r.as_ref().is_ok_and(|p| p.separate_rolls);
        let moves = moves.get();
        let t_squares: Vec<(i32, i32)> = b
            .tarantula
            .map(|t| t.squares().to_vec())
            .unwrap_or_default();
        let (tx, ty) = target.get();
        let area_weapon = matches!(weapon.get(), Weapon::LasCannon | Weapon::Tarantula);
        (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| (x, y)))
            .map(|(x, y)| {
                let square = b.square(x, y);
                let piece = b.piece_at(x, y).map(|i| (i, b.pieces[i].clone()));
                let attack = r
                    .as_ref()
                    .ok()
                    .and_then(|p| p.squares.iter().find(|s| (s.x, s.y) == (x, y)).copied());
                let hidden = r.as_ref().is_ok_and(|p| p.out_of_sight.contains(&(x, y)));
                let label = match (attack, total) {
                    (Some(_), _) if separate => "3d".to_string(),
                    (Some(a), Some(t)) => t.saturating_sub(a.minus).to_string(),
                    (Some(a), None) if a.minus > 0 => format!("T−{}", a.minus),
                    (Some(_), None) => "T".to_string(),
                    (None, _) if hidden => "✕".to_string(),
                    _ => String::new(),
                };
                let in_area = area_weapon && (x == tx || x == tx + 1) && (y == ty || y == ty + 1);
                let is_firer = piece.as_ref().is_some_and(|(i, _)| *i == firer.get());
                let can_move = moves.iter().any(|m| (m.x, m.y) == (x, y));
                let class = format!(
                    "sq {}{}{}{}{}",
                    match square {
                        Square::Floor => "floor",
                        Square::Wall => "wall",
                        Square::OpenDoor => "open-door",
                        Square::ClosedDoor => "closed-door",
                        Square::Bulkhead => "bulkhead",
                    },
                    if attack.is_some() { " hit" } else { "" },
                    if in_area { " area" } else { "" },
                    if t_squares.contains(&(x, y)) {
                        " tarantula-square"
                    } else {
                        ""
                    },
                    if can_move { " can-move" } else { "" },
                );
                let title = format!(
                    "({x}, {y}) {}{}",
                    piece
                        .as_ref()
                        .map(|(_, p)| format!("{} (armour {}) ", p.kind.name(), p.armour))
                        .unwrap_or_default(),
                    if label.is_empty() {
                        String::new()
                    } else {
                        format!("attack {label}")
                    }
                );
                view! {
                    <button
                        type="button"
                        class=class
                        class:firer=is_firer
                        data-x=x
                        data-y=y
                        title=title
                        on:click=move |_| click(x, y)
                    >
                        <span class="piece">{piece.map(|(_, p)| short(p.kind))}</span>
                        <span class="value">{label}</span>
                    </button>
                }
            })
            .collect_view()
    };

    let odds = move || {
        let b = board.get();
        match result.get() {
            Err(e) => view! {
                <p class="error" role="alert">
                    {e.to_string()}
                </p>
            }
            .into_any(),
            Ok(p) if p.targets.is_empty() => {
                view! { <p class="dread-none">"No miniature is under attack."</p> }.into_any()
            }
            Ok(p) => {
                let outcome = rolled.get().map(|r| {
                    let totals: Vec<u8> = if p.separate_rolls {
                        r.chunks(3).map(|c| c.iter().sum()).collect()
                    } else {
                        vec![r.iter().sum()]
                    };
                    p.outcome(&totals)
                });
                view! {
                    <table class="dread-odds">
                        <thead>
                            <tr>
                                <th scope="col">"Miniature"</th>
                                <th scope="col">"Armour"</th>
                                <th scope="col">"Attack"</th>
                                <th scope="col">"P(eliminated)"</th>
                                <th scope="col">"Rolled"</th>
                            </tr>
                        </thead>
                        <tbody>
                            {p
                                .targets
                                .iter()
                                .enumerate()
                                .map(|(i, t)| {
                                    let piece = &b.pieces[t.piece];
                                    let (w, all) = t.eliminated;
                                    let attack = match (p.separate_rolls, t.minus) {
                                        (true, _) => format!("{} dice of its own", p.dice),
                                        (false, 0) => format!("total of {} dice", p.dice),
                                        (false, m) => format!("total of {} dice − {m}", p.dice),
                                    };
                                    let rolled = outcome
                                        .as_ref()
                                        .and_then(|o| o.get(i))
                                        .map(|(_, v, e)| {
                                            format!("{v}: {}", if *e { "eliminated" } else { "unhurt" })
                                        });
                                    view! {
                                        <tr data-piece=t.piece>
                                            <th scope="row">
                                                {format!(
                                                    "{} at ({}, {})",
                                                    piece.kind.name(),
                                                    piece.x,
                                                    piece.y,
                                                )}
                                            </th>
                                            <td>{t.armour}</td>
                                            <td>{attack}</td>
                                            <td class="p">
                                                {format!(
                                                    "{w}/{all} ({:.1}%)",
                                                    w as f64 * 100.0 / all as f64,
                                                )}
                                            </td>
                                            <td class="rolled">{rolled}</td>
                                        </tr>
                                    }
                                })
                                .collect_view()}
                        </tbody>
                    </table>
                }
                    .into_any()
            }
        }
    };

    let firers = move || {
        board.with(|b| {
            b.pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    view! { <option value=i.to_string()>{format!("{} at ({}, {})", p.kind.name(), p.x, p.y)}</option> }
                })
                .collect_view()
        })
    };
    let armour_fields = PieceKind::ALL
        .into_iter()
        .map(|kind| {
            view! {
                <label class="count">
                    {kind.name()}
                    <input
                        type="number"
                        min="0"
                        max="12"
                        name=format!("armour-{}", kind.name().to_lowercase())
                        prop:value=move || {
                            board
                                .with(|b| {
                                    b.pieces
                                        .iter()
                                        .find(|p| p.kind == kind)
                                        .map_or(kind.default_armour(), |p| p.armour)
                                })
                                .to_string()
                        }
                        on:change=move |ev| {
                            if let Ok(a) = event_target_value(&ev).parse::<u8>() && a <= 12 {
                                board
                                    .update(|b| {
                                        b.pieces
                                            .iter_mut()
                                            .filter(|p| p.kind == kind)
                                            .for_each(|p| p.armour = a)
                                    });
                            }
                        }
                    />
                </label>
            }
        })
        .collect_view();

    view! {
        <aside
            class="simulator dreadnought-simulator"
            id="dreadnought-simulator"
            aria-labelledby="dread-title"
        >
            <h2 id="dread-title">"Extra-heavy weapons on the grid"</h2>
            <p class="hint">
                "Interpretation (the figures are not in the transcription): walls and doors fill whole squares; line of sight runs centre to centre and is blocked by walls, closed doors and bulkheads, and miniatures (not those of the area being fired at); the Tarantula's arc of fire is the 90° cone ahead of its front square. A line between two walls that touch at a corner is blocked. The manned Tarantula occupies three squares (front, middle and the Gunner's): a shot at any of them can hit it. The Conversion Beam's blast passes no wall, nor a corner two walls close; fired into an adjacent wall, it strikes the wall and the firer, one square from the impact, is attacked by the total less one. A miniature is eliminated when the attack is higher than its armour."
            </p>
            <fieldset class="dread-tools">
                <legend>"Click a square to"</legend>
                <select
                    name="dread-tool"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((_, t)) = TOOLS.iter().find(|(n, _)| *n == v) {
                            tool.set(*t);
                        }
                    }
                >
                    {TOOLS
                        .iter()
                        .map(|(n, _)| view! { <option value=*n>{tool_label(n)}</option> })
                        .collect_view()}
                </select>
                <label class="count">
                    "Tarantula facing"
                    <select
                        name="dread-facing"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some((d, _)) = DIRS.iter().find(|(_, n)| *n == v) {
                                facing.set(*d);
                            }
                        }
                    >
                        {DIRS
                            .iter()
                            .filter(|(d, _)| d.is_orthogonal())
                            .map(|(d, n)| {
                                view! {
                                    <option value=*n selected=*d == Dir::E>
                                        {n.to_uppercase()}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="flag">
                    <input
                        type="checkbox"
                        name="dread-moves"
                        on:change=move |ev| show_moves.set(event_target_checked(&ev))
                    />
                    "Show where the Tarantula can move (six squares, pivots free)"
                </label>
            </fieldset>
            <div
                class="dread-grid"
                style=move || {
                    board.with(|b| format!("grid-template-columns: repeat({}, 1.9rem)", b.width))
                }
            >
                {grid}
            </div>
            <fieldset>
                <legend>"Shot"</legend>
                <label class="count">
                    "Firer"
                    <select
                        name="dread-firer"
                        prop:value=move || firer.get().to_string()
                        on:change=move |ev| {
                            if let Ok(i) = event_target_value(&ev).parse() {
                                firer.set(i);
                            }
                        }
                    >
                        {firers}
                    </select>
                </label>
                <label class="count">
                    "Weapon"
                    <select
                        name="dread-weapon"
                        prop:value=move || {
                            WEAPONS
                                .iter()
                                .find(|(w, _, _)| *w == weapon.get())
                                .map_or("", |(_, n, _)| *n)
                        }
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some((w, _, _)) = WEAPONS.iter().find(|(_, n, _)| *n == v) {
                                weapon.set(*w);
                            }
                        }
                    >
                        {WEAPONS
                            .iter()
                            .map(|(_, n, l)| view! { <option value=*n>{*l}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="count">
                    "Shots on the area"
                    <select
                        name="dread-shots"
                        prop:value=move || shots.get().to_string()
                        on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                                shots.set(n.clamp(1, 3));
                            }
                        }
                    >
                        <option value="1">"1"</option>
                        <option value="2">"2"</option>
                        <option value="3">"3"</option>
                    </select>
                </label>
                <label class="count">
                    "Direction"
                    <select
                        name="dread-dir"
                        prop:value=move || {
                            DIRS.iter().find(|(d, _)| *d == dir.get()).map_or("", |(_, n)| *n)
                        }
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some((d, _)) = DIRS.iter().find(|(_, n)| *n == v) {
                                dir.set(*d);
                            }
                        }
                    >
                        {DIRS
                            .iter()
                            .map(|(_, n)| view! { <option value=*n>{n.to_uppercase()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <button
                    type="button"
                    class="roll"
                    on:click=move |_| {
                        if let Ok(p) = result.get_untracked() {
                            let n = if p.separate_rolls {
                                p.dice * p.targets.len() as u8
                            } else {
                                p.dice
                            };
                            rolled.set(Some(roll(n, crate::browser::now_ms().to_bits())));
                        }
                    }
                >
                    "Roll"
                </button>
            </fieldset>
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
            {odds}
            <details>
                <summary>"Armour values"</summary>
                <div class="dread-armour">{armour_fields}</div>
            </details>
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
        </aside>
    }
}

/// The seed's Dreadnought classes as a table.
#[component]
pub fn DreadnoughtClasses() -> impl IntoView {
    match classes() {
        Ok(c) => view! {
            <aside class="simulator dreadnought-classes" id="dreadnought-classes-table">
                <h2>"Dreadnought classes"</h2>
                <table class="classes">
                    <thead>
                        <tr>
                            <th scope="col">"Mark"</th>
                            <th scope="col">"Class"</th>
                            <th scope="col">"Move"</th>
                            <th scope="col">"Weapon mountings"</th>
                            <th scope="col">"Hits to eliminate"</th>
                            <th scope="col">"C.E.R. value"</th>
                        </tr>
                    </thead>
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
        }
        .into_any(),
        Err(e) => view! {
            <p class="error" role="alert">
                {e.to_string()}
            </p>
        }.into_any(),
    }
}
