//! A corpus of malicious and malformed access tokens: every one is refused with the contract's
//! 401 body, and none reaches a handler.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD as B64};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

fn part(value: &Value) -> String {
    B64.encode(value.to_string())
}

fn raw(header: Value, claims: Value, signature: &str) -> String {
    format!("{}.{}.{signature}", part(&header), part(&claims))
}

fn hs(alg: Algorithm, secret: &str, claims: &Value) -> String {
    encode(&Header::new(alg), claims, &EncodingKey::from_secret(secret.as_bytes())).unwrap()
}

#[tokio::test]
async fn forty_malicious_tokens_are_all_refused() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let good = app.login(&admin).await;
    let secret = app.config.jwt_secret().to_owned();
    let now = chrono::Utc::now().timestamp();
    let id = admin.id.to_string();
    let claims = |extra: Value| {
        let mut base = json!({
            "sub": id, "tnt": "acme", "iat": now, "exp": now + 600, "iat_ms": now * 1000 + 999_999, "typ": "access"
        });
        for (k, v) in extra.as_object().unwrap() {
            if v.is_null() {
                base.as_object_mut().unwrap().remove(k);
            } else {
                base[k] = v.clone();
            }
        }
        base
    };
    let valid_claims = claims(json!({}));
    let (good_header, good_payload, good_sig) = {
        let parts: Vec<&str> = good.split('.').collect();
        (parts[0].to_owned(), parts[1].to_owned(), parts[2].to_owned())
    };

    let invalid: Vec<(&str, String)> = vec![
        ("alg none", raw(json!({"alg":"none","typ":"JWT"}), valid_claims.clone(), "")),
        ("alg None", raw(json!({"alg":"None","typ":"JWT"}), valid_claims.clone(), "")),
        ("alg none with signature", raw(json!({"alg":"none"}), valid_claims.clone(), &good_sig)),
        ("HS384 with the right secret", hs(Algorithm::HS384, &secret, &valid_claims)),
        ("HS512 with the right secret", hs(Algorithm::HS512, &secret, &valid_claims)),
        ("RS256 header on an HMAC signature", raw(json!({"alg":"RS256"}), valid_claims.clone(), &good_sig)),
        ("ES256 header", raw(json!({"alg":"ES256"}), valid_claims.clone(), &good_sig)),
        ("another key", hs(Algorithm::HS256, "another-secret-of-sufficient-length-000000", &valid_claims)),
        ("empty key", hs(Algorithm::HS256, "", &valid_claims)),
        ("exp as a string", hs(Algorithm::HS256, &secret, &claims(json!({"exp": "9999999999"})))),
        ("exp as an object", hs(Algorithm::HS256, &secret, &claims(json!({"exp": {"$gt": 0}})))),
        ("exp missing", hs(Algorithm::HS256, &secret, &claims(json!({"exp": null})))),
        ("exp as a float string", hs(Algorithm::HS256, &secret, &claims(json!({"exp": "1e12"})))),
        ("iat missing", hs(Algorithm::HS256, &secret, &claims(json!({"iat": null})))),
        ("sub missing", hs(Algorithm::HS256, &secret, &claims(json!({"sub": null})))),
        ("sub not a number", hs(Algorithm::HS256, &secret, &claims(json!({"sub": "admin"})))),
        ("sub an injection", hs(Algorithm::HS256, &secret, &claims(json!({"sub": "1 OR 1=1"})))),
        ("sub of nobody", hs(Algorithm::HS256, &secret, &claims(json!({"sub": "999999"})))),
        ("other tenant", hs(Algorithm::HS256, &secret, &claims(json!({"tnt": "beta"})))),
        ("backoffice tenant", hs(Algorithm::HS256, &secret, &claims(json!({"tnt": "backoffice"})))),
        ("tenant missing", hs(Algorithm::HS256, &secret, &claims(json!({"tnt": null})))),
        ("two-factor challenge", hs(Algorithm::HS256, &secret, &claims(json!({"typ": "2fa"})))),
        ("typ missing", hs(Algorithm::HS256, &secret, &claims(json!({"typ": null})))),
        ("iat_ms before valid_after", hs(Algorithm::HS256, &secret, &claims(json!({"iat_ms": 0})))),
        ("nbf in the future", hs(Algorithm::HS256, &secret, &claims(json!({"nbf": now + 3600})))),
        ("payload tampered", format!("{good_header}.{}.{good_sig}", part(&claims(json!({"sub": "1"}))))),
        (
            "header tampered",
            format!("{}.{good_payload}.{good_sig}", part(&json!({"alg":"HS256","kid":"../../etc/passwd"}))),
        ),
        ("signature stripped", format!("{good_header}.{good_payload}.")),
        ("signature of another token", format!("{good_header}.{}.{good_sig}", part(&valid_claims))),
        ("two parts", format!("{good_header}.{good_payload}")),
        ("four parts", format!("{good}.{good_sig}")),
        ("one part", good_header.clone()),
        ("garbage", "not-a-token".into()),
        ("dots only", "..".into()),
        ("bad base64", "%%%.###.@@@".into()),
        ("json array payload", format!("{good_header}.{}.{good_sig}", B64.encode("[1,2,3]"))),
        ("unicode", "tökén.ünïcødé.sïg".into()),
        ("truncated", good[..good.len() - 5].to_owned()),
        ("doubled", format!("{good}{good}")),
        ("jku header", raw(json!({"alg":"HS256","jku":"http://127.0.0.1:1/keys"}), valid_claims.clone(), &good_sig)),
        ("kid sql injection", hs_with_kid(&secret, "' OR '1'='1", &valid_claims)),
        (
            "huge claim",
            hs(Algorithm::HS256, "x-wrong-key-0000000000000000000000000000", &claims(json!({"pad": "A".repeat(4000)}))),
        ),
    ];
    assert!(invalid.len() >= 40, "the corpus keeps at least 40 tokens");
    for (name, token) in &invalid {
        let response = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(token), None).await;
        assert_eq!(response.status(), 401, "{name}");
        assert_eq!(response.json::<Value>().await.unwrap(), json!({ "status": "Token is Invalid" }), "{name}");
    }

    let expired = hs(Algorithm::HS256, &secret, &claims(json!({"exp": now - 5, "iat": now - 900})));
    let response = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&expired), None).await;
    assert_eq!(response.json::<Value>().await.unwrap(), json!({ "errors": [{ "message": "Token has expired" }] }));

    for header in ["", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Token abc"] {
        let response = app
            .client
            .get(app.url("/api/auth/userInfo"))
            .header("host", "acme.localhost")
            .header("authorization", header)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401, "{header:?}");
        assert_eq!(response.json::<Value>().await.unwrap(), json!({ "status": "Authorization Token not found" }));
    }

    let ok = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&good), None).await;
    assert_eq!(ok.status(), 200, "the genuine token still works");
}

fn hs_with_kid(secret: &str, kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::HS256);
    header.kid = Some(kid.to_owned());
    encode(&header, claims, &EncodingKey::from_secret(b"wrong-secret-for-kid-0000000000000000000"))
        .unwrap_or_else(|_| encode(&header, claims, &EncodingKey::from_secret(secret.as_bytes())).unwrap())
}
