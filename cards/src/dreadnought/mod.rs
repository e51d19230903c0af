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

mod board;
mod classes;
mod dice;
mod shot;

pub use board::{
    Board, Dir, MAX_SIDE, Miniature, MiniatureKind, Square, TarantulaAt, tarantula_moves,
};
pub use classes::{DreadnoughtClass, classes};
pub use dice::{HEAVY_DIE, heavy_total_odds, heavy_totals, roll};
pub use shot::{Shot, ShotError, ShotPlan, SquareAttack, TargetOdds, plan};

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
        let b = Board::las_cannon_example();
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
        b.pieces.push(Miniature::new(MiniatureKind::Marine, 0, 1));
        b.pieces.push(Miniature::new(MiniatureKind::Gretchin, 2, 1));
        b.pieces.push(Miniature::new(MiniatureKind::Android, 4, 1));
        b.pieces.push(Miniature::new(MiniatureKind::Ork, 5, 1));
        b.pieces
            .push(Miniature::new(MiniatureKind::Genestealer, 8, 1)); // behind the door
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
        b.pieces.push(Miniature::new(MiniatureKind::Marine, 0, 1));
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
        close
            .pieces
            .push(Miniature::new(MiniatureKind::Marine, 0, 0));
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
        b.pieces.push(Miniature::new(MiniatureKind::Gunner, 0, 5));
        b.pieces
            .push(Miniature::new(MiniatureKind::Tarantula, 1, 5));
        b.pieces.push(Miniature::new(MiniatureKind::Ork, 6, 5));
        b.pieces.push(Miniature::new(MiniatureKind::Ork, 2, 1));
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
        b.pieces.push(Miniature::new(MiniatureKind::Ork, 0, 8));
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
        b.pieces.push(Miniature::new(MiniatureKind::Gunner, 1, 11));
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
        b.pieces.push(Miniature::new(MiniatureKind::Marine, 1, 7));
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
        b.place(MiniatureKind::Ork, 2, 2);
        b.pieces[0].armour = 3;
        // A wall on a miniature removes it; a miniature on a wall clears it.
        b.paint(2, 2, Square::Wall);
        assert!(b.pieces.is_empty());
        b.place(MiniatureKind::Ork, 2, 2);
        assert_eq!(b.square(2, 2), Square::Floor);
        assert_eq!(b.pieces[0].armour, MiniatureKind::Ork.default_armour());
        b.pieces[0].armour = 3;
        // The next Ork takes the edited armour; placing on a piece replaces it.
        b.place(MiniatureKind::Ork, 4, 4);
        assert_eq!(b.pieces[1].armour, 3);
        b.place(MiniatureKind::Gretchin, 4, 4);
        assert_eq!(b.pieces.len(), 2);
        assert_eq!(b.pieces[1].kind, MiniatureKind::Gretchin);
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
        assert_eq!(b.pieces[gunner].kind, MiniatureKind::Gunner);
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
                .filter(|p| p.kind == MiniatureKind::Tarantula)
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
        b.pieces.push(Miniature::new(MiniatureKind::Marine, 0, 2));
        b.pieces.push(Miniature::new(MiniatureKind::Gretchin, 4, 1));
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
        b.pieces
            .push(Miniature::new(MiniatureKind::Dreadnought, 10, 5));
        b.pieces
            .push(Miniature::new(MiniatureKind::Tarantula, 5, 5));
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
        b.pieces.push(Miniature::new(MiniatureKind::Ork, 2, 2));
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
