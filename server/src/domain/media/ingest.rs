//! A file comes in — an agent's upload, a provider's medium fetched by the worker — and is kept
//! once per tenant: spooled to a temporary file while its SHA-256 is computed (never whole in
//! memory, refused as soon as it passes its cap), typed by its bytes, a browser's voice recording
//! remuxed to Ogg/Opus, probed on a blocking thread (image caps, thumbnail, duration), then
//! stored under its hash and recorded in `media`. The same bytes again find their row and write
//! nothing.

use std::path::Path;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};
use tempfile::NamedTempFile;
use tokio::io::AsyncWriteExt;

use super::{
    MediaStore, kinds,
    probe::{self, Probed},
    store::{self, Object},
    voice,
};
use crate::{
    domain::error::{Error, Result},
    entities::tenant::medium,
};

/// Bytes being received into a temporary file, hashed as they arrive.
pub struct Spool {
    file: tokio::fs::File,
    temp: tempfile::TempPath,
    hasher: Sha256,
    size: u64,
    cap: u64,
    head: Vec<u8>,
}

/// A file received whole.
pub struct Spooled {
    pub temp: tempfile::TempPath,
    pub sha256: String,
    pub size: u64,
    /// Its first bytes (what its type is read from).
    pub head: Vec<u8>,
}

/// Bytes kept to read a file's type from.
const HEAD_BYTES: usize = 4096;

/// The body passed its cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("o arquivo passou de {} MB", .0 / (1024 * 1024))]
pub struct TooLarge(pub u64);

impl Spool {
    /// A new temporary file, refusing more than `cap` bytes.
    pub fn new(cap: u64) -> Result<Self> {
        let named = NamedTempFile::new().map_err(|e| Error::Internal(anyhow::anyhow!("arquivo temporário: {e}")))?;
        let (file, temp) = named.into_parts();
        Ok(Self { file: tokio::fs::File::from_std(file), temp, hasher: Sha256::new(), size: 0, cap, head: Vec::new() })
    }

    /// Appends a chunk.
    pub async fn write(&mut self, chunk: &[u8]) -> std::result::Result<(), SpoolError> {
        self.size += chunk.len() as u64;
        if self.size > self.cap {
            return Err(SpoolError::TooLarge(TooLarge(self.cap)));
        }
        if self.head.len() < HEAD_BYTES {
            let room = HEAD_BYTES - self.head.len();
            self.head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        self.hasher.update(chunk);
        self.file.write_all(chunk).await.map_err(|e| SpoolError::Io(e.to_string()))
    }

    /// The whole file.
    pub async fn finish(mut self) -> std::result::Result<Spooled, SpoolError> {
        self.file.flush().await.map_err(|e| SpoolError::Io(e.to_string()))?;
        Ok(Spooled { temp: self.temp, sha256: hex(&self.hasher.finalize()), size: self.size, head: self.head })
    }
}

/// Why spooling stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpoolError {
    #[error(transparent)]
    TooLarge(TooLarge),
    #[error("falha ao gravar o arquivo temporário: {0}")]
    Io(String),
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A spooled file made ready to keep: typed, remuxed when it is a voice recording, probed.
pub struct Prepared {
    pub spooled: Spooled,
    pub mime: String,
    pub probed: Probed,
}

/// Types, remuxes and probes `spooled` on a blocking thread. `voice`: the file is a voice note,
/// which must be Ogg/Opus or a WebM/Opus recording (remuxed). Refusals are 422 `media_invalid`.
///
/// The work runs on the media threads ([`super::processing`]): at most half the machine's cores,
/// at a lower CPU priority, so a burst of photos waits its turn instead of taking the CPU the
/// inbox's requests need.
pub async fn prepare(spooled: Spooled, voice: bool) -> Result<Prepared> {
    super::processing::run(move || prepare_blocking(spooled, voice)).await?
}

/// The tenant's medium with these bytes, when it was kept before: nothing to probe or store again.
pub async fn existing(db: &impl ConnectionTrait, sha256: &str) -> Result<Option<medium::Model>> {
    Ok(medium::Entity::find().filter(medium::Column::Sha256.eq(sha256)).one(db).await?)
}

fn prepare_blocking(spooled: Spooled, voice: bool) -> Result<Prepared> {
    if spooled.size == 0 {
        return Err(Error::invalid("media_invalid", "O arquivo está vazio."));
    }
    let mut spooled = spooled;
    let mut mime = kinds::sniff(&spooled.head);
    // Any EBML file is tried as a WebM recording (whatever DocType spelling `infer` expects).
    let webm = spooled.head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]);
    if voice && webm {
        spooled = remux(&spooled.temp)?;
        mime = "audio/ogg".into();
    } else if voice && mime != "audio/ogg" {
        return Err(Error::invalid("media_invalid", voice::BadRecording("não é Ogg nem WebM com Opus").to_string()));
    }
    let probed = probe::probe(&spooled.temp, &mime).map_err(|e| Error::invalid("media_invalid", e.0))?;
    if voice && probed.duration_ms.is_none() {
        return Err(Error::invalid("media_invalid", voice::BadRecording("não é Opus").to_string()));
    }
    Ok(Prepared { spooled, mime, probed })
}

/// The Ogg/Opus remux of a WebM recording, spooled and hashed anew.
fn remux(webm: &Path) -> Result<Spooled> {
    let bytes = std::fs::read(webm).map_err(|e| Error::Internal(e.into()))?;
    let mut ogg = Vec::with_capacity(bytes.len());
    voice::webm_to_ogg(&bytes, &mut ogg).map_err(|e| Error::invalid("media_invalid", e.to_string()))?;
    let mut named = NamedTempFile::new().map_err(|e| Error::Internal(e.into()))?;
    std::io::Write::write_all(&mut named, &ogg).map_err(|e| Error::Internal(e.into()))?;
    let head = ogg[..ogg.len().min(HEAD_BYTES)].to_vec();
    Ok(Spooled { temp: named.into_temp_path(), sha256: hex(&Sha256::digest(&ogg)), size: ogg.len() as u64, head })
}

/// Bytes a tenant keeps in media: a counter the `media` table's triggers move in the same
/// transaction as its rows (tenant migration 29), not a sum over every row.
pub async fn bytes_stored(db: &impl ConnectionTrait) -> Result<i64> {
    let sql = format!("SELECT value FROM tenant_counters WHERE name = '{}'", tenant_migrations::MEDIA_BYTES);
    let row = db.query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql)).await?;
    Ok(row.map(|r| r.try_get::<i64>("", "value")).transpose()?.unwrap_or(0))
}

/// The bytes a tenant may keep from its megabyte limit (0 = unlimited).
pub fn quota(limit_mb: i32) -> Option<u64> {
    (limit_mb > 0).then(|| limit_mb as u64 * 1024 * 1024)
}

/// Refuses (422 `media_quota`) `incoming` new bytes that would take the tenant past `quota`.
///
/// Two uploads at the same moment may both pass: the quota can be exceeded by one file, never
/// more — a lock per upload would serialise a tenant's agents for a limit that is about billing.
pub async fn ensure_room(db: &impl ConnectionTrait, quota: Option<u64>, incoming: u64) -> Result<()> {
    let Some(quota) = quota else { return Ok(()) };
    let used = bytes_stored(db).await?.max(0) as u64;
    if used.saturating_add(incoming) > quota {
        return Err(Error::invalid(
            "media_quota",
            format!(
                "O espaço de mídia da empresa acabou ({} de {}). Apague mídias antigas ou fale com o suporte para \
                 ampliar o plano.",
                words(used),
                words(quota)
            ),
        ));
    }
    Ok(())
}

/// Keeps a prepared file for `tenant`: its existing row when the same bytes were kept before,
/// otherwise its objects stored and a new row. `quota`: the bytes the tenant may keep in all
/// (`None`: no limit) — a new file past it is refused with 422 `media_quota`.
pub async fn keep(
    db: &impl ConnectionTrait,
    store: &MediaStore,
    tenant: &str,
    prepared: Prepared,
    quota: Option<u64>,
) -> Result<medium::Model> {
    let sha = prepared.spooled.sha256.clone();
    if let Some(existing) = medium::Entity::find().filter(medium::Column::Sha256.eq(&sha)).one(db).await? {
        return Ok(existing);
    }
    ensure_room(db, quota, prepared.spooled.size).await?;
    let original = store::key(tenant, &sha, Object::Original);
    if !store.exists(&original).await? {
        store.put_file(&original, &prepared.spooled.temp).await?;
    }
    if let Some(thumbnail) = prepared.probed.thumbnail.clone() {
        store.put_bytes(&store::key(tenant, &sha, Object::Thumbnail), thumbnail).await?;
    }
    let now = Utc::now();
    let row = medium::ActiveModel {
        sha256: Set(sha.clone()),
        mime_type: Set(prepared.mime.clone()),
        size: Set(prepared.spooled.size as i64),
        width: Set(prepared.probed.width),
        height: Set(prepared.probed.height),
        duration_ms: Set(prepared.probed.duration_ms),
        waveform: Set(prepared.probed.waveform.as_ref().map(|w| serde_json::to_string(w).unwrap_or_default())),
        has_thumbnail: Set(prepared.probed.thumbnail.is_some()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    match row.insert(db).await {
        Ok(inserted) => Ok(inserted),
        // The same bytes kept at the same moment by another request: theirs is the row.
        Err(err) => medium::Entity::find()
            .filter(medium::Column::Sha256.eq(&sha))
            .one(db)
            .await?
            .ok_or_else(|| Error::from(err)),
    }
}

/// "1,2 GB", "350 MB".
pub fn words(bytes: u64) -> String {
    const MB: f64 = 1024.0 * 1024.0;
    let mb = bytes as f64 / MB;
    if mb >= 1024.0 { format!("{:.1} GB", mb / 1024.0).replace('.', ",") } else { format!("{} MB", mb.round() as u64) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_spool_hashes_what_it_writes_and_stops_at_its_cap() {
        let mut spool = Spool::new(10).unwrap();
        spool.write(b"hello").await.unwrap();
        let done = spool.finish().await.unwrap();
        assert_eq!(done.sha256, "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        assert_eq!(std::fs::read(&done.temp).unwrap(), b"hello");
        let mut spool = Spool::new(10).unwrap();
        spool.write(b"hello").await.unwrap();
        assert_eq!(spool.write(b"world!").await, Err(SpoolError::TooLarge(TooLarge(10))));
    }

    #[tokio::test]
    async fn a_voice_recording_is_remuxed_and_anything_else_refused() {
        let mut spool = Spool::new(1 << 20).unwrap();
        spool.write(&voice::fixture::recorded_webm(2)).await.unwrap();
        let prepared = prepare(spool.finish().await.unwrap(), true).await.unwrap();
        assert_eq!(prepared.mime, "audio/ogg");
        assert_eq!(prepared.probed.duration_ms, Some(1993));
        assert_eq!(prepared.probed.waveform.as_ref().map(Vec::len), Some(probe::WAVEFORM_BARS));
        let mut spool = Spool::new(1 << 20).unwrap();
        spool.write(b"%PDF-1.4 not a voice").await.unwrap();
        let err = prepare(spool.finish().await.unwrap(), true).await.err().unwrap();
        assert!(err.to_string().starts_with("A gravação de voz não pôde ser lida"), "{err}");
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(words(350 * 1024 * 1024), "350 MB");
        assert_eq!(words(1288 * 1024 * 1024), "1,3 GB");
    }
}
