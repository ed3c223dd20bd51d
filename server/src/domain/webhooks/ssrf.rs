//! Where a webhook may go: `https://` to a name that resolves only to public addresses — never
//! loopback, private, link-local (the cloud metadata address 169.254.169.254 among them), carrier
//! NAT or unspecified. Checked when an endpoint is saved and again before every delivery, on the
//! addresses the delivery then connects to (DNS rebinding). `ALLOW_PRIVATE_WEBHOOKS` lifts it
//! (tests, on-premise receivers on the same network).

use std::net::{IpAddr, SocketAddr};

use crate::domain::{
    error::{Error, Result},
    instances::provider::is_public,
};

/// Why a URL is refused, in pt_BR.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// A checked URL: its text, host and port.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: url::Url,
    pub host: String,
    pub port: u16,
}

/// Checks a URL's form: scheme, no credentials, no literal private address.
pub fn parse(raw: &str, allow_private: bool) -> std::result::Result<Target, Refused> {
    let url = url::Url::parse(raw.trim()).map_err(|_| Refused("Endereço inválido.".into()))?;
    if raw.len() > 2000 {
        return Err(Refused("Endereço longo demais (até 2.000 caracteres).".into()));
    }
    let secure = url.scheme() == "https" || (allow_private && url.scheme() == "http");
    if !secure {
        return Err(Refused("Use um endereço https://.".into()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refused("O endereço não pode ter usuário e senha.".into()));
    }
    let host = url.host_str().ok_or_else(|| Refused("O endereço não tem host.".into()))?.to_owned();
    let port = url.port_or_known_default().unwrap_or(443);
    if !allow_private {
        if host == "localhost" || host.ends_with(".localhost") || host.ends_with(".internal") {
            return Err(Refused("Endereços locais não são permitidos.".into()));
        }
        if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
            && !is_public(ip)
        {
            return Err(Refused("Endereços de rede privada, loopback ou metadados não são permitidos.".into()));
        }
    }
    Ok(Target { url, host, port })
}

/// Resolves the target and refuses it when any address is not public; the addresses to connect
/// to (pinned, so that a second resolution cannot point elsewhere).
pub async fn resolve(target: &Target, allow_private: bool) -> std::result::Result<Vec<SocketAddr>, Refused> {
    let host = target.host.trim_matches(['[', ']']);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, target.port))
        .await
        .map_err(|_| Refused(format!("Não foi possível resolver {host}.")))?
        .collect();
    if addrs.is_empty() {
        return Err(Refused(format!("{host} não tem endereço.")));
    }
    if !allow_private && let Some(private) = addrs.iter().find(|a| !is_public(a.ip())) {
        return Err(Refused(format!(
            "{host} resolve para {} (rede privada, loopback ou metadados): não permitido.",
            private.ip()
        )));
    }
    Ok(addrs)
}

/// Checks a URL for saving: its form, then what it resolves to now.
pub async fn check(raw: &str, allow_private: bool) -> Result<url::Url> {
    let refused = |r: Refused| Error::invalid_field("invalid_webhook_url", "url", r.0);
    let target = parse(raw, allow_private).map_err(refused)?;
    resolve(&target, allow_private).await.map_err(refused)?;
    Ok(target.url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_private_addresses_and_plain_http_are_refused() {
        for url in [
            "http://example.com/hook",
            "https://127.0.0.1/hook",
            "https://10.0.0.8/hook",
            "https://169.254.169.254/latest/meta-data",
            "https://[::1]/hook",
            "https://localhost/hook",
            "https://user:pw@example.com/hook",
            "nada",
        ] {
            assert!(parse(url, false).is_err(), "{url} must be refused");
        }
        assert!(parse("https://hooks.example.com/campanhas", false).is_ok());
        assert!(parse("http://127.0.0.1:8080/hook", true).is_ok(), "allowed when configured");
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused() {
        let target = parse("https://localhost.example.invalid/", false).unwrap();
        assert!(resolve(&target, false).await.is_err(), "unresolvable");
        let loopback = Target { url: url::Url::parse("https://x/").unwrap(), host: "localhost".into(), port: 443 };
        let err = resolve(&loopback, false).await.unwrap_err();
        assert!(err.0.contains("127.0.0.1") || err.0.contains("::1"), "{err}");
    }
}
