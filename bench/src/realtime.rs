//! `bench-realtime`: many concurrent sockets on one tenant, events raised through the API, and
//! the delivery latency each socket sees (bench/realtime.sh starts the servers and runs this).
//!
//! 1. Opens `--sockets` WebSockets spread round-robin over the `--server` addresses (one per
//!    replica), all as the tenant's administrator, and reports the servers' RSS before and after
//!    (per idle socket).
//! 2. For each rate of `--rates`, raises events for `--seconds` by renaming an instance through
//!    `POST /api/instance/update` on the first server (each rename is one `InstanceUpdated` to every
//!    socket), the event's sequence number in the name; every socket decodes each frame and records
//!    the time from the API call to its arrival.
//! 3. Prints deliveries per second and p50/p95/p99/max latency, per replica.

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use clap::Parser;
use futures::StreamExt;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest, http::HeaderValue};

#[derive(Parser)]
struct Args {
    /// `host:port` of each server replica (sockets are spread over them; events go to the first).
    #[arg(long = "server", required = true)]
    servers: Vec<String>,
    /// Process id of each server, same order, for RSS.
    #[arg(long = "pid")]
    pids: Vec<u32>,
    #[arg(long, default_value = "bench")]
    tenant: String,
    #[arg(long, default_value = "localhost")]
    base_domain: String,
    #[arg(long)]
    email: String,
    #[arg(long)]
    password: String,
    #[arg(long, default_value_t = 5_000)]
    sockets: usize,
    /// Events per second to raise, one measurement each.
    #[arg(long, value_delimiter = ',', default_value = "5,10,20")]
    rates: Vec<u32>,
    #[arg(long, default_value_t = 10)]
    seconds: u64,
}

/// Nanoseconds since `start` at which event `seq` was raised (0 = not yet).
struct Clock {
    start: Instant,
    raised: Vec<AtomicU64>,
}

impl Clock {
    fn since_start(&self) -> u64 {
        self.start.elapsed().as_nanos() as u64
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let host = format!("{}.{}", args.tenant, args.base_domain);
    let http = reqwest::Client::new();
    let api = format!("http://{}/api", args.servers[0]);
    let login: Value = http
        .post(format!("{api}/auth/login"))
        .header("host", &host)
        .json(&json!({ "email": args.email, "password": args.password, "ip": null }))
        .send()
        .await?
        .json()
        .await?;
    let token = login["access_token"].as_str().context("login failed")?.to_owned();
    let info: Value =
        http.get(format!("{api}/auth/userInfo")).header("host", &host).bearer_auth(&token).send().await?.json().await?;
    let user_id = info["user"]["id"].as_i64().context("userInfo without id")?;
    let created: Value = http
        .post(format!("{api}/instance"))
        .header("host", &host)
        .bearer_auth(&token)
        .json(&json!({ "name": "bench-0" }))
        .send()
        .await?
        .json()
        .await?;
    let instance_id = created["id"].as_i64().with_context(|| format!("instance not created: {created}"))?;

    let rss_before: Vec<u64> = args.pids.iter().map(|pid| rss_kib(*pid)).collect();
    let total_events: usize = args.rates.iter().map(|r| (*r as usize) * args.seconds as usize).sum::<usize>() + 1;
    let clock =
        Arc::new(Clock { start: Instant::now(), raised: (0..=total_events).map(|_| AtomicU64::new(0)).collect() });
    // Latencies in microseconds, per replica, per round (the round is read from the sequence).
    let samples: Arc<Samples> = Arc::new(args.servers.iter().map(|_| Mutex::new(Vec::new())).collect());

    let started = Instant::now();
    let connected = Arc::new(AtomicU64::new(0));
    let opening = Arc::new(tokio::sync::Semaphore::new(128));
    let mut tasks = Vec::with_capacity(args.sockets);
    for n in 0..args.sockets {
        let replica = n % args.servers.len();
        let url = format!("ws://{}/ws?tenantName={}&userId={user_id}", args.servers[replica], args.tenant);
        let (host, token, clock, samples, connected, opening) =
            (host.clone(), token.clone(), clock.clone(), samples.clone(), connected.clone(), opening.clone());
        tasks.push(tokio::spawn(async move {
            let permit = opening.acquire_owned().await.ok();
            let mut request = url.into_client_request()?;
            request.headers_mut().insert("host", HeaderValue::from_str(&host)?);
            request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&format!("bearer.{token}"))?);
            let (socket, _) = tokio_tungstenite::connect_async(request).await?;
            drop(permit);
            connected.fetch_add(1, Ordering::Relaxed);
            let (_sink, mut stream) = socket.split();
            let mut mine = Vec::new();
            while let Some(message) = stream.next().await {
                let Message::Text(text) = message? else { continue };
                let arrived = clock.since_start();
                let Some(seq) = sequence(text.as_str()) else { continue };
                if seq == usize::MAX {
                    break; // the end marker
                }
                let raised = clock.raised.get(seq).map(|r| r.load(Ordering::Acquire)).unwrap_or(0);
                if raised > 0 {
                    mine.push((seq, ((arrived.saturating_sub(raised)) / 1_000) as u32));
                }
            }
            samples[replica].lock().await.extend(mine);
            anyhow::Ok(())
        }));
    }
    while (connected.load(Ordering::Relaxed) as usize) < args.sockets {
        if tasks.iter().any(|t| t.is_finished()) {
            bail!("a socket failed to open; see the server log (ulimit -n?)");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!("{} sockets open in {:.1} s", args.sockets, started.elapsed().as_secs_f64());
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (i, pid) in args.pids.iter().enumerate() {
        let after = rss_kib(*pid);
        let per_socket =
            (after.saturating_sub(rss_before[i]) as f64 * 1024.0) / (args.sockets as f64 / args.pids.len() as f64);
        println!(
            "replica {i}: RSS {} KiB idle-before → {after} KiB with {} sockets = {:.1} KiB per idle socket",
            rss_before[i],
            args.sockets / args.pids.len(),
            per_socket / 1024.0
        );
    }

    let mut seq = 0usize;
    let mut rounds = Vec::new();
    for rate in &args.rates {
        let first = seq + 1;
        let interval = Duration::from_secs_f64(1.0 / f64::from(*rate));
        let mut ticker = tokio::time::interval(interval);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let round_start = Instant::now();
        let cpu_start: Vec<f64> =
            args.pids.iter().map(|pid| cpu_seconds(&pid.to_string())).chain([cpu_seconds("self")]).collect();
        let mut raising = Vec::new();
        for _ in 0..(*rate as u64 * args.seconds) {
            ticker.tick().await;
            seq += 1;
            clock.raised[seq].store(clock.since_start(), Ordering::Release);
            let request = http
                .post(format!("{api}/instance/update"))
                .header("host", &host)
                .bearer_auth(&token)
                .json(&json!({ "id": instance_id, "name": format!("bench-{seq}") }));
            raising.push(tokio::spawn(async move {
                let sent = Instant::now();
                request.send().await.map(|r| (r.status().as_u16(), sent.elapsed()))
            }));
        }
        let mut api_times = Vec::new();
        for call in raising {
            let (status, took) = call.await??;
            if status != 200 {
                bail!("instance update answered {status}");
            }
            api_times.push(took);
        }
        api_times.sort_unstable();
        let api_p50 = api_times[api_times.len() / 2];
        let api_p99 = api_times[(api_times.len() * 99 / 100).min(api_times.len() - 1)];
        tokio::time::sleep(Duration::from_secs(2)).await;
        let cpu_end: Vec<f64> =
            args.pids.iter().map(|pid| cpu_seconds(&pid.to_string())).chain([cpu_seconds("self")]).collect();
        let window = round_start.elapsed().as_secs_f64();
        let busy: Vec<String> = cpu_end
            .iter()
            .zip(&cpu_start)
            .map(|(end, start)| format!("{:.0}%", (end - start) / window * 100.0))
            .collect();
        rounds.push((*rate, first, seq, round_start.elapsed() - Duration::from_secs(2), busy, (api_p50, api_p99)));
    }
    // The end marker: every socket stops reading after it.
    http.post(format!("{api}/instance/update"))
        .header("host", &host)
        .bearer_auth(&token)
        .json(&json!({ "id": instance_id, "name": "bench-end" }))
        .send()
        .await?;
    for task in tasks {
        task.await??;
    }

    for (rate, first, last, elapsed, busy, (api_p50, api_p99)) in rounds {
        let (client, servers) = busy.split_last().map(|(c, s)| (c.clone(), s.join(" + "))).unwrap_or_default();
        println!(
            "\n{rate} events/s × {}s → {} sockets (CPU of one core: server {servers}, this client {client}):",
            args.seconds, args.sockets
        );
        println!("  the API call raising each event: p50 {api_p50:.1?} p99 {api_p99:.1?}");
        for (replica, samples) in samples.iter().enumerate() {
            let mut latencies: Vec<u32> =
                samples.lock().await.iter().filter(|(s, _)| (first..=last).contains(s)).map(|(_, l)| *l).collect();
            let expected = (last - first + 1) * args.sockets / args.servers.len();
            latencies.sort_unstable();
            let pct = |p: f64| {
                latencies
                    .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
                    .copied()
                    .unwrap_or(0)
            };
            println!(
                "  replica {replica}: {} of {expected} deliveries ({:.0}/s) p50 {:.1} ms p95 {:.1} ms p99 {:.1} ms max {:.1} ms",
                latencies.len(),
                latencies.len() as f64 / elapsed.as_secs_f64(),
                f64::from(pct(0.50)) / 1000.0,
                f64::from(pct(0.95)) / 1000.0,
                f64::from(pct(0.99)) / 1000.0,
                f64::from(latencies.last().copied().unwrap_or(0)) / 1000.0,
            );
        }
    }
    Ok(())
}

/// Latencies in microseconds with their round, one list per replica.
type Samples = Vec<Mutex<Vec<(usize, u32)>>>;

/// The sequence number in an `InstanceUpdated` frame (`bench-<n>`), `usize::MAX` for the end.
fn sequence(frame: &str) -> Option<usize> {
    let json: Value = backoffice::bus::wire::decode_frame(frame)?;
    let name = json["instance"]["name"].as_str()?.strip_prefix("bench-")?;
    if name == "end" { Some(usize::MAX) } else { name.parse().ok() }
}

/// User + system CPU time of a process (`self` or a pid), seconds.
fn cpu_seconds(pid: &str) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // Fields after the command name (which may contain spaces, inside parentheses).
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks: f64 = [11, 12].iter().filter_map(|i| fields.get(*i)?.parse::<f64>().ok()).sum();
    ticks / 100.0 // USER_HZ
}

/// Resident set size of a process, KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}
