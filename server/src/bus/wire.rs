//! The socket's wire form (docs/realtime.md#wire-form), in one place for the server, the CLI's
//! `events tail`, the tests and the benchmarks: every text frame is base64 of a JSON object with an
//! `event` field; the client's ping is `{"action":"sendmessage","data":"<base64 of {event:"ping",
//! tenantName, userId}>"}` and the server's answer is `base64({"event":"pong"})`.

use base64::{Engine, engine::general_purpose::STANDARD};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::domain::events::Event;

/// The frame of an event.
pub fn encode_event(event: &Event) -> String {
    STANDARD.encode(event.json())
}

/// The server's answer to a ping: `base64({"event":"pong"})`.
pub fn pong() -> String {
    encode_json(&json!({ "event": "pong" }))
}

/// The JSON a server frame carries (`None` when it is not base64 of a JSON object).
pub fn decode_frame(frame: &str) -> Option<Value> {
    let bytes = STANDARD.decode(frame.trim()).ok()?;
    serde_json::from_slice::<Value>(&bytes).ok().filter(Value::is_object)
}

/// A client's ping frame.
pub fn ping(tenant_name: &str, user_id: i32) -> String {
    let data = encode_json(&json!({ "event": "ping", "tenantName": tenant_name, "userId": user_id }));
    json!({ "action": "sendmessage", "data": data }).to_string()
}

/// Whether a client frame is a ping.
pub fn is_ping(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Envelope {
        action: String,
        data: String,
    }
    #[derive(Deserialize)]
    struct Payload {
        event: String,
    }
    let Ok(envelope) = serde_json::from_str::<Envelope>(text) else { return false };
    let Ok(bytes) = STANDARD.decode(envelope.data.trim()) else { return false };
    envelope.action == "sendmessage" && serde_json::from_slice::<Payload>(&bytes).is_ok_and(|p| p.event == "ping")
}

fn encode_json(value: &Value) -> String {
    STANDARD.encode(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pong_is_base64_of_the_tagged_json() {
        assert_eq!(pong(), "eyJldmVudCI6InBvbmcifQ==");
    }

    #[test]
    fn an_event_frame_decodes_to_its_json() {
        let event = crate::domain::conversations::events::CustomerBlacklisted { customer_id: 3, blacklisted: true };
        let frame = encode_event(&crate::domain::events::DomainEvent::event(&event));
        assert_eq!(
            decode_frame(&frame),
            Some(json!({ "event": "CustomerBlacklisted", "customer_id": 3, "blacklisted": true }))
        );
        assert_eq!(decode_frame("not base64!"), None);
    }

    #[test]
    fn a_client_ping_is_recognized_and_nothing_else_is() {
        assert!(is_ping(&ping("acme", 7)));
        assert!(!is_ping(r#"{"action":"sendmessage","data":"e30="}"#));
        assert!(!is_ping("ping"));
    }
}
