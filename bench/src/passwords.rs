//! argon2id cost at the production parameters: the floor under login latency.
//! Run: `cargo run --release -p backoffice-bench --bin bench-passwords`

use std::time::Instant;

use backoffice::domain::passwords;

#[tokio::main]
async fn main() {
    let stored = passwords::hash("bench", "Senha#Forte!9").await;
    let mut times = Vec::new();
    for _ in 0..40 {
        let started = Instant::now();
        let _ = passwords::verify("bench", "Senha#Forte!9", &stored).await;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "argon2id m={} KiB t={} p={}: verify median {:.1} ms, p99 {:.1} ms",
        passwords::MEMORY_KIB,
        passwords::ITERATIONS,
        passwords::LANES,
        times[times.len() / 2],
        times[times.len() * 99 / 100]
    );
}
