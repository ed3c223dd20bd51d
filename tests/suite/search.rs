//! Search across every message (docs/search.md) through the real HTTP surface, on the database's
//! own full-text index: accents and case ignored, plurals found by their stem, every word
//! required, notes included, newest first by conversation with the words marked, paged by key —
//! and only on tickets the caller may see (another attendant's number, another tenant: nothing).

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    team::{HOST, Team},
};

/// The search's conversations as (customer name, [matched message ids]) and its cursor.
async fn search(team: &Team, token: &str, query: &str) -> (Vec<(String, Vec<i64>)>, Value) {
    let (status, page) = team.call(token, Method::GET, &format!("/api/search/messages?{query}"), None).await;
    assert_eq!(status, 200, "{page}");
    let found = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let ids = c["matches"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect();
            (c["ticket"]["customer"]["name"].as_str().unwrap().to_owned(), ids)
        })
        .collect();
    (found, page)
}

#[tokio::test]
async fn messages_are_found_by_stem_without_accents_only_where_the_caller_may_look() {
    let (team, _provider) = Team::start().await;
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let (carlos_user, carlos) = team.agent("Carlos", &[]).await;
    let lines = [
        ("s-1", "+55 11 97777-0001", "Dora Lima", "Segue o comprovante do pagamento do boleto de março"),
        ("s-2", "+55 11 97777-0002", "Enzo Prado", "Não recebi o boleto ainda"),
        ("s-3", "+55 11 97777-0001", "Dora Lima", "Obrigada!"),
        ("s-4", "+55 11 97777-0003", "Flora Dias", "Qual o prazo de entrega?"),
    ];
    for (id, phone, name, text) in lines {
        let message = customer_message(id, phone, name, text);
        assert_eq!(push(&team.app, HOST, team.instance, &format!("evt-{id}"), &message).await.status(), 200);
    }

    // A plural finds the singular, newest first; the matched word comes marked.
    let (found, page) = search(&team, &ana, "q=boletos").await;
    let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Enzo Prado", "Dora Lima"]);
    let snippet = &page["data"][1]["matches"][0]["snippet"];
    let hits: Vec<&str> =
        snippet.as_array().unwrap().iter().filter(|p| p["hit"] == true).map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(hits, ["boleto"], "{snippet}");
    assert_eq!(page["data"][1]["matches"][0]["direction"], "in");

    // Case and accents aside, every word required.
    let (found, _) = search(&team, &ana, "q=PAGAMENTOS%20marco").await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "Dora Lima");
    let (found, _) = search(&team, &ana, "q=boleto%20entrega").await;
    assert!(found.is_empty(), "no message has both words: {found:?}");

    // Internal notes are searched too (the staff's own lines).
    let (_, tickets) = team.call(&ana, Method::GET, "/api/tickets?search=Enzo", None).await;
    let enzo = tickets["data"][0]["id"].as_i64().unwrap();
    let (status, _) = team
        .call(
            &ana,
            Method::POST,
            &format!("/api/tickets/{enzo}/notes"),
            Some(json!({ "body": "Cliente ligou reclamando" })),
        )
        .await;
    assert_eq!(status, 201);
    let (found, page) = search(&team, &ana, "q=reclamação").await;
    assert_eq!(found.len(), 1, "{page}");
    assert_eq!(page["data"][0]["matches"][0]["kind"], "internal");
    assert_eq!(page["data"][0]["ticket"]["id"].as_i64(), Some(enzo));

    // Paged by key: one match a page, the second page continues where the first ended.
    let (first, page) = search(&team, &ana, "q=boleto&limit=1").await;
    let cursor = page["next_cursor"].as_str().expect("a second page").to_owned();
    let (second, page) = search(&team, &ana, &format!("q=boleto&limit=1&cursor={cursor}")).await;
    assert_eq!((first[0].0.as_str(), second[0].0.as_str()), ("Enzo Prado", "Dora Lima"));
    assert!(page["next_cursor"].is_null());

    // Carlos attends another number: he finds nothing of these conversations; the administrator
    // finds all of them.
    let (found, _) = search(&team, &carlos, "q=boleto").await;
    assert!(found.is_empty(), "{found:?}");
    let (found, _) = search(&team, &team.admin_token, "q=boleto").await;
    assert_eq!(found.len(), 2);
    // Shared with him (a note naming him), Enzo's conversation is his to find — and only it.
    let note = json!({ "body": "Carlos, pode ver?", "mentionedUserIds": [carlos_user.id], "shareWithMentioned": true });
    let (status, _) =
        team.call(&team.admin_token, Method::POST, &format!("/api/tickets/{enzo}/notes"), Some(note)).await;
    assert_eq!(status, 201);
    let (found, _) = search(&team, &carlos, "q=boleto").await;
    assert_eq!(found.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["Enzo Prado"]);

    // Bad queries get a clear answer.
    for (query, code) in
        [("q=a", "invalid_search"), ("q=%21%21%21", "invalid_search"), ("q=boleto&cursor=x", "invalid_cursor")]
    {
        let (status, refused) = team.call(&ana, Method::GET, &format!("/api/search/messages?{query}"), None).await;
        assert_eq!((status, refused["code"].as_str()), (422, Some(code)), "{query}: {refused}");
    }

    // Another tenant's search sees none of it.
    let beta = team.app.tenant_with_admin("beta").await;
    let beta_token = team.app.login(&beta).await;
    let response =
        team.app.call(Method::GET, "beta.localhost", "/api/search/messages?q=boleto", Some(&beta_token), None).await;
    let page: Value = response.json().await.unwrap();
    assert_eq!(page["data"], json!([]));
}

/// On PostgreSQL a word in most messages is found by walking the newest messages and a rare one
/// from the GIN index, by two different statements (docs/search.md#postgresql): both
/// are taken here, each for a first and a next page, with the table's statistics read as they
/// are in production (`ANALYZE`). SQLite answers every one from FTS5.
#[tokio::test]
async fn an_attendant_finds_her_numbers_match_behind_thousands_said_on_numbers_she_does_not_see() {
    let (team, _provider) = Team::start().await;
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let line = customer_message("x-1", "+55 11 97777-0101", "Gil Souto", "O xilofone chegou quebrado");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-x-1", &line).await.status(), 200);
    // Another number of the company said the word 12 000 times since: her page still holds her
    // number's one match, found past all of them, and none of theirs.
    team.app.execute("acme", "INSERT INTO instances (name) VALUES ('Outra loja')").await;
    let other = team.app.scalar("acme", "SELECT CAST(id AS BIGINT) FROM instances WHERE name = 'Outra loja'").await;
    let original = team.app.scalar("acme", "SELECT CAST(MAX(id) AS BIGINT) FROM messages").await;
    team.app
        .execute(
            "acme",
            &format!(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000) \
                 INSERT INTO messages (chat_id, ticket_id, instance_id, direction, body, sent_at) \
                 SELECT m.chat_id, m.ticket_id, {other}, m.direction, 'xilofone de novo', m.sent_at \
                 FROM messages m CROSS JOIN n WHERE m.id = {original}"
            ),
        )
        .await;
    let again = customer_message("x-2", "+55 11 97777-0101", "Gil Souto", "Continua quebrado");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-x-2", &again).await.status(), 200);
    let newest =
        team.app.scalar("acme", "SELECT CAST(id AS BIGINT) FROM messages WHERE body = 'Continua quebrado'").await;
    team.app.execute("acme", "ANALYZE messages").await;

    let (found, page) = search(&team, &ana, "q=xilofone").await;
    assert_eq!(found, [("Gil Souto".to_owned(), vec![original])], "{page}");
    assert!(page["next_cursor"].is_null());

    // The frequent word, walked: a full page, and the next one starting below it.
    let (found, page) = search(&team, &team.admin_token, "q=xilofone&limit=50").await;
    let first: Vec<i64> = found.iter().flat_map(|(_, ids)| ids.clone()).collect();
    assert_eq!(first.len(), 50);
    assert!(first.windows(2).all(|pair| pair[0] > pair[1]), "newest first: {first:?}");
    let cursor = page["next_cursor"].as_str().expect("the administrator pages through all 12 001").to_owned();
    let (found, _) = search(&team, &team.admin_token, &format!("q=xilofone&limit=50&cursor={cursor}")).await;
    let second: Vec<i64> = found.iter().flat_map(|(_, ids)| ids.clone()).collect();
    assert_eq!(second.len(), 50);
    assert!(second[0] < *first.last().unwrap(), "the next page starts below the first");

    // The rare word, from the index: one match a page, newest first, then the older one.
    let (found, page) = search(&team, &team.admin_token, "q=quebrado&limit=1").await;
    assert_eq!(found, [("Gil Souto".to_owned(), vec![newest])], "{page}");
    let cursor = page["next_cursor"].as_str().expect("a second page").to_owned();
    let (found, page) = search(&team, &team.admin_token, &format!("q=quebrado&limit=1&cursor={cursor}")).await;
    assert_eq!(found, [("Gil Souto".to_owned(), vec![original])], "{page}");
    assert!(page["next_cursor"].is_null());
    let (found, _) = search(&team, &ana, "q=quebrado").await;
    assert_eq!(found, [("Gil Souto".to_owned(), vec![newest, original])], "hers, on her page");
}

/// On PostgreSQL a word in about one message of a hundred is read from the blocks index — its
/// matches in the newest block of 8 192 message ids, then in twice as many blocks below while the
/// page is not full (decision 224). Here the newest block holds 3 of its 41 matches, the next
/// blocks none, and the rest lie further down: every page still holds the newest matches below
/// its cursor, in order, and the pages together every match once. SQLite answers from FTS5.
#[tokio::test]
async fn a_page_of_a_word_in_one_message_of_a_hundred_reaches_back_past_blocks_without_it() {
    let (team, _provider) = Team::start().await;
    let line = customer_message("c-1", "+55 11 97777-0202", "Rita Lobo", "Quero a segunda via do carnê");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-c-1", &line).await.status(), 200);
    let original = team.app.scalar("acme", "SELECT CAST(MAX(id) AS BIGINT) FROM messages").await;
    // Ids 104 001–107 700 (across blocks 12 and 13), one in a hundred about the carnê; then ids
    // 140 001–140 300 (block 17), three of them.
    for (from, count) in [(104_000, 3_700), (140_000, 300)] {
        team.app
            .execute(
                "acme",
                &format!(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) \
                     INSERT INTO messages (id, chat_id, ticket_id, instance_id, direction, body, sent_at) \
                     SELECT {from} + n.i, m.chat_id, m.ticket_id, m.instance_id, m.direction, \
                     CASE WHEN n.i % 100 = 0 THEN 'O carnê venceu' ELSE 'Bom dia, tudo certo' END, m.sent_at \
                     FROM messages m CROSS JOIN n WHERE m.id = {original}"
                ),
            )
            .await;
    }
    if crate::support::app::backend() == crate::support::app::Backend::Postgres {
        team.app.execute("acme", "SELECT setval(pg_get_serial_sequence('messages', 'id'), 140300)").await;
        team.app.execute("acme", "ANALYZE messages").await;
        // The statistics know the word, so its share is estimated (about 1 %) and the blocks
        // index is asked — not the whole GIN list a word they do not know would take.
        let known = team
            .app
            .scalar(
                "acme",
                "SELECT count(*) FROM pg_stats WHERE tablename = 'messages' AND attname = 'search_document' \
                 AND 'carn' = ANY (most_common_elems::text::text[]) AND schemaname = current_schema()",
            )
            .await;
        assert_eq!(known, 1, "ANALYZE lists the word among the most common");
    }
    let mut expected: Vec<i64> = (1..=37).rev().map(|k| 104_000 + 100 * k).collect();
    expected.splice(0..0, [140_300, 140_200, 140_100]);
    expected.push(original);

    let mut seen = Vec::new();
    let mut query = "q=carne&limit=30".to_owned();
    loop {
        let (found, page) = search(&team, &team.admin_token, &query).await;
        let ids: Vec<i64> = found.iter().flat_map(|(_, ids)| ids.clone()).collect();
        assert!(ids.iter().all(|id| seen.last().is_none_or(|last| id < last)), "below the last page: {page}");
        seen.extend(ids);
        match page["next_cursor"].as_str() {
            Some(cursor) => query = format!("q=carne&limit=30&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, expected, "every match once, newest first");
    // The snippet marks the word, accent and all, as the customer wrote it.
    let (_, page) = search(&team, &team.admin_token, "q=carne&limit=1").await;
    let snippet = &page["data"][0]["matches"][0]["snippet"];
    let hits: Vec<&str> =
        snippet.as_array().unwrap().iter().filter(|p| p["hit"] == true).map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(hits, ["carnê"], "{snippet}");
}

/// The queue's and the customers screen's "name or phone contains", through the trigram index
/// from three characters on and customer by customer below (docs/search.md#customers).
#[tokio::test]
async fn customers_are_found_by_any_part_of_their_name_or_phone() {
    let (team, _provider) = Team::start().await;
    for (id, phone, name) in [
        ("c-1", "+55 11 97777-1234", "Flora D'Ávila"),
        ("c-2", "+55 21 96666-5678", "Enzo 100% Prado"),
        ("c-3", "+55 31 95555-9012", "Lorena Dias"),
    ] {
        let message = customer_message(id, phone, name, "Oi");
        assert_eq!(push(&team.app, HOST, team.instance, &format!("evt-{id}"), &message).await.status(), 200);
    }
    let names = |page: &Value| -> Vec<String> {
        let mut names: Vec<String> = page["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["customer"]["name"].as_str().or(row["name"].as_str()).unwrap().to_owned())
            .collect();
        names.sort();
        names
    };
    for (search, expected) in [
        ("LOR", vec!["Flora D'Ávila", "Lorena Dias"]),
        ("d'ávi", vec!["Flora D'Ávila"]),
        ("100%", vec!["Enzo 100% Prado"]),
        ("0%", vec!["Enzo 100% Prado"]),
        ("6666-5678", vec!["Enzo 100% Prado"]),
        ("en", vec!["Enzo 100% Prado", "Lorena Dias"]),
        ("\"x", vec![]),
    ] {
        let query = url_escape(search);
        let (status, customers) =
            team.call(&team.admin_token, Method::GET, &format!("/api/customers?search={query}"), None).await;
        assert_eq!(status, 200, "{search}: {customers}");
        assert_eq!(names(&customers), expected, "customers matching {search:?}");
        let (status, tickets) =
            team.call(&team.admin_token, Method::GET, &format!("/api/tickets?search={query}"), None).await;
        assert_eq!(status, 200, "{search}: {tickets}");
        assert_eq!(names(&tickets), expected, "tickets matching {search:?}");
    }
}

fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}
