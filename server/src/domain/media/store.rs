//! Where media bytes live, behind one interface (`object_store`): the local filesystem under the
//! data directory (the embedded default, one machine) or S3-compatible object storage (replicas on
//! several machines). Keys are content-addressed per tenant — `{tenant}/{sha256[..2]}/{sha256}`
//! and `….thumb.jpg` beside it — so the same file stored twice is one object, and a tenant's media
//! is one prefix (deleted with the tenant, carried by its export).
//!
//! Bytes are written from a file the caller has already hashed and checked (never whole in
//! memory: in parts of [`PART_BYTES`]) and read back as a stream, a range at a time for seeking.

use std::{ops::Range, path::Path as FsPath, sync::Arc};

use bytes::Bytes;
use futures::{StreamExt, TryStreamExt, stream::BoxStream};
use object_store::{GetOptions, GetRange, ObjectStore, PutPayload, WriteMultipart, path::Path};
use secrecy::{ExposeSecret, SecretString};
use tokio::io::AsyncReadExt;

use crate::domain::error::{Error, Result};

/// Bytes read from a file and written per part.
pub const PART_BYTES: usize = 8 * 1024 * 1024;

/// How to reach S3-compatible storage (`MEDIA_S3_*`, docs/operations.md#media-storage).
#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// The server's URL when not AWS (`http://127.0.0.1:9000` for a local server).
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: SecretString,
}

/// A tenant's objects, wherever they are kept.
#[derive(Clone)]
pub struct MediaStore {
    inner: Arc<dyn ObjectStore>,
    /// `fs` or `s3`, for logs and the health page.
    pub backend: &'static str,
}

impl std::fmt::Debug for MediaStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MediaStore({})", self.backend)
    }
}

/// Which of a medium's objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Object {
    Original,
    Thumbnail,
}

/// The key of a tenant's object.
pub fn key(tenant: &str, sha256: &str, object: Object) -> Path {
    let shard = sha256.get(..2).unwrap_or("00");
    match object {
        Object::Original => Path::from(format!("{tenant}/{shard}/{sha256}")),
        Object::Thumbnail => Path::from(format!("{tenant}/{shard}/{sha256}.thumb.jpg")),
    }
}

fn storage(err: object_store::Error) -> Error {
    Error::Internal(anyhow::anyhow!("armazenamento de mídia: {err}"))
}

impl MediaStore {
    /// Files under `dir` (created when missing).
    pub fn local(dir: &FsPath) -> Result<Self> {
        std::fs::create_dir_all(dir).map_err(|e| Error::Internal(anyhow::anyhow!("criar {}: {e}", dir.display())))?;
        let fs = object_store::local::LocalFileSystem::new_with_prefix(dir).map_err(storage)?;
        Ok(Self { inner: Arc::new(fs), backend: "fs" })
    }

    /// An S3-compatible bucket.
    pub fn s3(settings: &S3Settings) -> Result<Self> {
        let mut builder = object_store::aws::AmazonS3Builder::new()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_access_key_id(&settings.access_key_id)
            .with_secret_access_key(settings.secret_access_key.expose_secret());
        if let Some(endpoint) = &settings.endpoint {
            // Self-hosted servers answer on a path, not on a bucket subdomain.
            builder = builder
                .with_endpoint(endpoint)
                .with_virtual_hosted_style_request(false)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        Ok(Self { inner: Arc::new(builder.build().map_err(storage)?), backend: "s3" })
    }

    /// In memory: tools and unit tests.
    pub fn memory() -> Self {
        Self { inner: Arc::new(object_store::memory::InMemory::new()), backend: "memory" }
    }

    /// Whether the object is stored (the same file stored before is not written again).
    pub async fn exists(&self, key: &Path) -> Result<bool> {
        match self.inner.head(key).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(err) => Err(storage(err)),
        }
    }

    /// Stores small bytes (a thumbnail).
    pub async fn put_bytes(&self, key: &Path, bytes: Vec<u8>) -> Result<()> {
        self.inner.put(key, PutPayload::from(bytes)).await.map_err(storage)?;
        Ok(())
    }

    /// Stores a file, a part at a time.
    pub async fn put_file(&self, key: &Path, file: &FsPath) -> Result<()> {
        let mut source = tokio::fs::File::open(file)
            .await
            .map_err(|e| Error::Internal(anyhow::anyhow!("abrir {}: {e}", file.display())))?;
        let length = source.metadata().await.map(|m| m.len()).unwrap_or(0);
        if length as usize <= PART_BYTES {
            let mut bytes = Vec::with_capacity(length as usize);
            source.read_to_end(&mut bytes).await.map_err(|e| Error::Internal(e.into()))?;
            return self.put_bytes(key, bytes).await;
        }
        let upload = self.inner.put_multipart(key).await.map_err(storage)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        let mut buffer = vec![0u8; 256 * 1024];
        loop {
            let read = match source.read(&mut buffer).await {
                Ok(read) => read,
                Err(err) => {
                    let _ = writer.abort().await;
                    return Err(Error::Internal(err.into()));
                }
            };
            if read == 0 {
                break;
            }
            // At most two parts in flight: memory stays bounded whatever the file's size.
            writer.wait_for_capacity(2).await.map_err(storage)?;
            writer.write(&buffer[..read]);
        }
        writer.finish().await.map_err(storage)?;
        Ok(())
    }

    /// The object's length.
    pub async fn size(&self, key: &Path) -> Result<Option<u64>> {
        match self.inner.head(key).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(storage(err)),
        }
    }

    /// The object's bytes (`range`: only those), as a stream.
    pub async fn read(&self, key: &Path, range: Option<Range<u64>>) -> Result<BoxStream<'static, Result<Bytes>>> {
        let options =
            GetOptions { range: range.map(|r| GetRange::Bounded(r.start as _..r.end as _)), ..Default::default() };
        let got = self.inner.get_opts(key, options).await.map_err(|err| match err {
            object_store::Error::NotFound { .. } => Error::not_found("media_not_found", "Mídia não encontrada."),
            other => storage(other),
        })?;
        Ok(got.into_stream().map_err(storage).boxed())
    }

    /// The object's bytes, whole: for what is small by construction (a thumbnail, a probe).
    pub async fn read_all(&self, key: &Path) -> Result<Bytes> {
        let got = self.inner.get(key).await.map_err(storage)?;
        got.bytes().await.map_err(storage)
    }

    /// Deletes an object (a missing one is not an error).
    pub async fn delete(&self, key: &Path) -> Result<()> {
        match self.inner.delete(key).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(storage(err)),
        }
    }

    /// Deletes every object of a tenant; answers how many.
    pub async fn delete_tenant(&self, tenant: &str) -> Result<u64> {
        let prefix = Path::from(tenant);
        let keys = self.inner.list(Some(&prefix)).map_ok(|meta| meta.location).boxed();
        let mut deleted = 0;
        let mut results = self.inner.delete_stream(keys);
        while let Some(result) = results.next().await {
            match result {
                Ok(_) => deleted += 1,
                Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => return Err(storage(err)),
            }
        }
        Ok(deleted)
    }

    /// The keys of a tenant's objects (an export walks them).
    pub fn list_tenant(&self, tenant: &str) -> BoxStream<'static, Result<(Path, u64)>> {
        let prefix = Path::from(tenant);
        self.inner.list(Some(&prefix)).map_ok(|meta| (meta.location, meta.size)).map_err(storage).boxed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_per_tenant_and_content_addressed() {
        let sha = "ab".repeat(32);
        assert_eq!(key("acme", &sha, Object::Original).as_ref(), format!("acme/ab/{sha}"));
        assert_eq!(key("acme", &sha, Object::Thumbnail).as_ref(), format!("acme/ab/{sha}.thumb.jpg"));
    }

    #[tokio::test]
    async fn a_large_file_goes_in_parts_and_comes_back_by_range() {
        let store = MediaStore::memory();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.bin");
        let bytes: Vec<u8> = (0..(PART_BYTES * 2 + 1234)).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        let key = key("acme", &"cd".repeat(32), Object::Original);
        store.put_file(&key, &path).await.unwrap();
        assert_eq!(store.size(&key).await.unwrap(), Some(bytes.len() as u64));
        let range: Vec<u8> =
            store.read(&key, Some(100..200)).await.unwrap().try_collect::<Vec<Bytes>>().await.unwrap().concat();
        assert_eq!(range, bytes[100..200]);
        assert_eq!(store.delete_tenant("acme").await.unwrap(), 1);
        assert!(!store.exists(&key).await.unwrap());
    }
}
