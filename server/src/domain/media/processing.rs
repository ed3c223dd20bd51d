//! The threads media is decoded on (docs/performance.md#media-issue-43): half the machine's cores,
//! at least one, each at the lowest CPU priority (`nice` 19 on Linux) below the request threads'.
//!
//! A photo costs ~18 ms of decoding and resizing on this machine; with tokio's blocking pool the
//! worker's thumbnails took their share of the CPU from the requests that store the next messages,
//! and text ingest fell to a third when 30 % of arrivals were photos. On threads of their own at a
//! lower priority the scheduler gives requests the CPU first and media what is left: under a
//! burst, a thumbnail waits, a customer's message does not. When the machine is idle the priority
//! makes no difference. (Linux sets `nice` per thread; elsewhere the threads keep the default.)

use std::{
    panic::AssertUnwindSafe,
    sync::{Mutex, OnceLock, mpsc},
};

use crate::domain::error::{Error, Result};

type Job = Box<dyn FnOnce() + Send + 'static>;

static QUEUE: OnceLock<mpsc::Sender<Job>> = OnceLock::new();

fn queue() -> &'static mpsc::Sender<Job> {
    QUEUE.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = std::sync::Arc::new(Mutex::new(receiver));
        let threads = (std::thread::available_parallelism().map_or(2, |n| n.get()) / 2).max(1);
        for i in 0..threads {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("media-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = match receiver.lock() {
                            Ok(receiver) => receiver.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })
                .expect("start a media thread");
        }
        sender
    })
}

/// The calling thread at the lowest priority; a failure leaves the default one, which only yields
/// less.
fn lower_priority() {
    if let Err(err) = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min) {
        tracing::warn!(error = ?err, "media thread keeps the default CPU priority");
    }
}

/// Runs `work` on a media thread and answers its result. A panic inside it is an internal error,
/// not a lost thread.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(std::panic::catch_unwind(AssertUnwindSafe(work)));
    });
    queue().send(job).map_err(|_| Error::Internal(anyhow::anyhow!("fila de mídia encerrada")))?;
    match result.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(_)) => Err(Error::Internal(anyhow::anyhow!("falha ao processar a mídia"))),
        Err(_) => Err(Error::Internal(anyhow::anyhow!("fila de mídia encerrada"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_on_a_lower_priority_thread_and_a_panic_is_an_error() {
        let (name, stat) = run(|| {
            let name = std::thread::current().name().map(str::to_owned);
            (name, std::fs::read_to_string("/proc/thread-self/stat").ok())
        })
        .await
        .unwrap();
        assert!(name.unwrap().starts_with("media-"));
        if let Some(stat) = stat {
            // Field 19, counted after the parenthesised command name: the thread's nice value.
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            let nice: i32 = after_name.split(' ').nth(16).unwrap().parse().unwrap();
            assert_eq!(nice, 19, "{stat}");
        }
        let failed = run(|| -> u8 { panic!("a broken file") }).await;
        assert!(failed.is_err());
        assert_eq!(run(|| 7).await.unwrap(), 7, "the thread survived the panic");
    }
}
