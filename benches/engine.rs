//! Engine speed: hand evaluation, the engine's own cost per decision, and a
//! whole 3-player game of random players. Run with `cargo bench --bench engine`.

use criterion::{Criterion, criterion_group, criterion_main};
use liar::engine::{DiceStream, MatchSetup, NoObserver, native_players, play_match};
use liar::rules::{Decision, Dice, GameState, Hand, Positions, Ranking, Rules};
use std::hint::black_box;

fn hand_evaluation(c: &mut Criterion) {
    let mut stream = DiceStream::new(1, 1);
    let throws: Vec<Dice> = (0..1024).map(|_| stream.dice()).collect();
    let ranking = Ranking::default();
    let mut i = 0;
    c.bench_function("hand evaluation (dice -> hand -> strength)", |b| {
        b.iter(|| {
            i = (i + 1) & 1023;
            ranking.strength(black_box(&throws[i]).hand())
        })
    });
}

/// A round of five decisions with no player logic at all: claim, accept,
/// re-throw none, claim higher, challenge. Chips are plentiful so the game
/// never ends. Divide the time by 5 for the cost per decision (view built
/// and decision applied).
fn engine_overhead(c: &mut Criterion) {
    let rules = Rules {
        chips: u32::MAX / 2,
        ..Rules::default()
    };
    let mut game = GameState::new(rules, &[0, 1, 2], 0, 1);
    let dice: Dice = "QQQ99".parse().unwrap_or(Dice([liar::rules::Face::Ace; 5]));
    let low = Hand::LOWEST;
    let next = rules.ranking().hands_above(Some(low))[0];
    fn decide(game: &mut GameState, d: Decision) {
        if let liar::rules::Pending::Decide { seat, .. } = game.pending() {
            black_box(game.view(seat));
            let _ = game.apply(seat, d);
        }
    }
    c.bench_function("engine round of 5 decisions (throw, views, apply)", |b| {
        b.iter(|| {
            let _ = game.throw(black_box(dice));
            decide(&mut game, Decision::Claim(low));
            decide(&mut game, Decision::Accept);
            decide(&mut game, Decision::Reroll(Positions::NONE));
            let _ = game.deal_reroll(&[]);
            decide(&mut game, Decision::Claim(next));
            decide(&mut game, Decision::Challenge);
        })
    });
}

fn whole_game(c: &mut Criterion) {
    let mut seed = 0u64;
    let mut setup = MatchSetup::native(Rules::default(), 0, 1, &["random", "random", "random"]);
    let mut players = native_players(&setup).unwrap_or_default();
    c.bench_function("whole 3-player game, random players", |b| {
        b.iter(|| {
            seed += 1;
            setup.seed = seed;
            play_match(&setup, &mut players, &mut NoObserver).map(|s| s.decisions)
        })
    });
    let mut setup = MatchSetup::native(Rules::default(), 0, 1, &["honest", "honest", "honest"]);
    let mut players = native_players(&setup).unwrap_or_default();
    c.bench_function("whole 3-player game, honest players", |b| {
        b.iter(|| {
            seed += 1;
            setup.seed = seed;
            play_match(&setup, &mut players, &mut NoObserver).map(|s| s.decisions)
        })
    });
}

criterion_group!(benches, hand_evaluation, engine_overhead, whole_game);
criterion_main!(benches, rng_benches);

fn streams(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("new dice stream + first face", |b| {
        b.iter(|| {
            seed += 1;
            DiceStream::for_game(black_box(seed), 1).face()
        })
    });
}
criterion_group!(rng_benches, streams);
