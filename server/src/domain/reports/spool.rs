//! A workbook written to a temporary file first and sent from there (docs/analytics.md#sheets,
//! docs/decisions.md 144).
//!
//! A sheet is read from one database snapshot. Zipped straight into the response, the snapshot —
//! a pooled connection — stayed open for as long as the client took to read the file, and a client
//! that stopped reading kept it forever: sixteen of them emptied the shared PostgreSQL pool. Now
//! the workbook is produced into an unnamed temporary file at the database's pace, the snapshot
//! ends, and only then is the file sent at the client's pace. The download still starts at once
//! and memory stays flat (the file is on disk, sent in 64 KB chunks); the cost is disk, bounded by
//! [`MAX_BYTES`], for as long as the download lasts — and a download whose client takes no chunk
//! for [`STALL`] is dropped, file and all.
//!
//! Rejected: a deadline on the live stream (it still lets each stalled client hold a connection
//! for the deadline, and cuts slow readers with a connection still held); paging by key without
//! a snapshot (the sheet would no longer be one moment of the tenant).

use std::{
    io::{self, Seek, Write},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use bytes::Bytes;
use tokio::{io::AsyncReadExt, sync::mpsc};

/// Bytes a spooled workbook may take on disk: a 30-day sheet of a busy tenant is tens of MB; past
/// this the writer fails and the download is cut.
pub const MAX_BYTES: u64 = 1024 * 1024 * 1024;

/// How long a download waits for its client to take the next chunk before it is dropped.
pub const STALL: Duration = Duration::from_secs(60);

/// Bytes per chunk sent.
const CHUNK: usize = 64 * 1024;

/// The writing end: a buffered temporary file that refuses to grow past [`MAX_BYTES`].
pub struct Spool {
    file: io::BufWriter<std::fs::File>,
    accepted: Arc<AtomicU64>,
}

/// The reading end, once the writing end is dropped.
pub struct Spooled {
    file: std::fs::File,
    accepted: Arc<AtomicU64>,
}

/// A new unnamed temporary file (gone from the disk when both ends are dropped).
pub fn create() -> io::Result<(Spool, Spooled)> {
    let file = tempfile::tempfile()?;
    let reader = file.try_clone()?;
    let accepted = Arc::new(AtomicU64::new(0));
    Ok((
        Spool { file: io::BufWriter::with_capacity(256 * 1024, file), accepted: accepted.clone() },
        Spooled { file: reader, accepted },
    ))
}

impl Write for Spool {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let total = self.accepted.load(Ordering::Relaxed) + data.len() as u64;
        if total > MAX_BYTES {
            return Err(io::Error::other(format!("the workbook passed {MAX_BYTES} bytes")));
        }
        let written = self.file.write(data)?;
        self.accepted.fetch_add(written as u64, Ordering::Relaxed);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Spooled {
    /// Sends the file in chunks on `tx`; fails when the client took no chunk for [`STALL`], went
    /// away, or the file on disk is not all that was written (a flush that failed when the
    /// writing end was dropped).
    pub async fn send(mut self, tx: &mpsc::Sender<io::Result<Bytes>>) -> io::Result<()> {
        let expected = self.accepted.load(Ordering::Relaxed);
        let on_disk = self.file.metadata()?.len();
        if on_disk != expected {
            return Err(io::Error::other(format!("the workbook is {on_disk} bytes on disk, {expected} written")));
        }
        // The two ends share one offset: the writer left it at the end.
        self.file.rewind()?;
        let mut file = tokio::fs::File::from_std(self.file);
        loop {
            let mut chunk = vec![0; CHUNK];
            let read = file.read(&mut chunk).await?;
            if read == 0 {
                return Ok(());
            }
            chunk.truncate(read);
            tx.send_timeout(Ok(Bytes::from(chunk)), STALL).await.map_err(|err| match err {
                mpsc::error::SendTimeoutError::Timeout(_) => {
                    io::Error::new(io::ErrorKind::TimedOut, "the client took no chunk for a minute")
                }
                mpsc::error::SendTimeoutError::Closed(_) => {
                    io::Error::new(io::ErrorKind::BrokenPipe, "the client went away")
                }
            })?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn what_is_written_is_sent_from_the_start() {
        let (mut spool, spooled) = create().unwrap();
        let data: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        spool.write_all(&data).unwrap();
        drop(spool);
        let (tx, mut rx) = mpsc::channel(64);
        spooled.send(&tx).await.unwrap();
        drop(tx);
        let mut got = Vec::new();
        while let Some(chunk) = rx.recv().await {
            got.extend_from_slice(&chunk.unwrap());
        }
        assert_eq!(got, data);
    }
}
