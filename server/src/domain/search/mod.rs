//! Search across every message (docs/search.md): the words of a query found in message text,
//! captions and internal notes, accents ignored and Portuguese words by their stem, newest first,
//! grouped by conversation, each match with the line around it and its words marked.
//!
//! The one visibility rule applies: a match is listed only on a ticket the viewer may see
//! (`Viewer::condition` on the ticket joined to each match), so an attendant finds only what
//! their inbox shows them. Messages kept without a ticket (a blocked customer's) are not searched.
//!
//! The index is the database's own (tenant migration 39): FTS5 on SQLite, PostgreSQL's full-text
//! search with the `pt_unaccent` configuration. The query is built here for each:
//! [`terms`] folds and stems the words for FTS5 (a prefix per stem: FTS5 has no Portuguese
//! stemmer), PostgreSQL reads the query through the same configuration as the index.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rust_stemmers::{Algorithm, Stemmer};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
    sea_query::{Alias, Expr, ExprTrait, Order, Query},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{
            Viewer,
            views::{self, Names, TicketView},
        },
        error::{Error, Result},
        text::fold,
    },
    entities::tenant::{message, ticket},
};

/// The most words a query uses.
const MAX_WORDS: usize = 8;
/// The longest query.
const MAX_QUERY: usize = 100;
/// Matches a page holds by default, and at most.
const DEFAULT_PAGE: u64 = 30;
const MAX_PAGE: u64 = 50;
/// What marks a matched word in a snippet as the database writes it (control characters a
/// message's text never holds), split into [`SnippetPart`]s before it leaves the server.
const HIT_START: char = '\u{2}';
const HIT_END: char = '\u{3}';

/// A piece of a snippet: marked when it is a matched word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SnippetPart {
    pub text: String,
    pub hit: bool,
}

/// One message that matched.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageMatch {
    pub id: i32,
    /// `in` (from the customer) or `out`.
    pub direction: String,
    /// `text`, `internal` (a note), `bot`…
    pub kind: String,
    pub sent_at: DateTime<Utc>,
    /// The words around the match, the matched ones marked.
    pub snippet: Vec<SnippetPart>,
}

/// A conversation with its matches on this page, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConversationMatches {
    pub ticket: TicketView,
    pub matches: Vec<MessageMatch>,
}

/// One page of a search: conversations in the order of their newest match on the page (a
/// conversation may continue on the next page).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchPage {
    pub data: Vec<ConversationMatches>,
    /// Pass as `cursor` for the next page; `null` on the last.
    pub next_cursor: Option<String>,
}

/// The query's words, folded (no accents, lower case), at most [`MAX_WORDS`].
fn words(query: &str) -> Result<Vec<String>> {
    let query = query.trim();
    let invalid = || {
        Error::invalid_field(
            "invalid_search",
            "q",
            format!("Busque por 2 a {MAX_QUERY} caracteres, com letras ou números."),
        )
    };
    if query.chars().count() < 2 || query.chars().count() > MAX_QUERY {
        return Err(invalid());
    }
    let words: Vec<String> = query.split_whitespace().map(fold).filter(|w| !w.is_empty()).take(MAX_WORDS).collect();
    if words.is_empty() {
        return Err(invalid());
    }
    Ok(words)
}

/// The shortest prefix the SQLite index keeps as a term of its own (`prefix='4 5 6 7 8'`).
const MIN_INDEXED_PREFIX: usize = 4;

/// The FTS5 query of `query`: every word, by its Portuguese stem as a prefix ("pagamentos" →
/// `"pagament"*`, finding pagamento, pagamentos), all of them required. A word is stemmed as
/// typed, accents included (Snowball's rules are written for them), and folded after.
pub fn terms(query: &str) -> Result<String> {
    let stemmer = Stemmer::create(Algorithm::Portuguese);
    let mut terms = Vec::new();
    for raw in query.split_whitespace().take(MAX_WORDS) {
        for word in fold(raw).split(' ').filter(|w| !w.is_empty()) {
            let lower = raw.to_lowercase();
            let stemmed = fold(&stemmer.stem(&lower));
            // A stem shorter than three letters would match too much; a word of several parts
            // ("pós-venda") is asked part by part.
            let prefix = if stemmed.chars().count() >= 3 && !stemmed.contains(' ') && word.starts_with(&stemmed) {
                stemmed
            } else {
                word.to_owned()
            };
            // A three-letter stem is lengthened from the word to the shortest indexed prefix
            // (tenant migration 43): "pedido" stems to "ped", which FTS5 would answer by merging
            // every word from "pede" to "pedra" — a million entries at 10 M messages — where
            // "pedi" is one indexed term (pedido, pedidos, pedir) and closer to what was meant.
            let prefix: String = if prefix.chars().count() < MIN_INDEXED_PREFIX {
                word.chars().take(MIN_INDEXED_PREFIX).collect()
            } else {
                prefix
            };
            terms.push(format!("\"{prefix}\"*"));
        }
    }
    if terms.is_empty() {
        return Err(words(query).err().unwrap_or_else(|| Error::invalid_field("invalid_search", "q", "Busca vazia.")));
    }
    Ok(terms.join(" "))
}

/// The indexed document on PostgreSQL: the body stemmed with and without its accents, stored beside
/// it (tenant migrations 39 and 42).
const PG_DOCUMENT: &str = "messages.search_document";

/// The tsquery of `query` on PostgreSQL and its values: every word required, each read both as
/// typed and without accents (`$1`, `$2`…: one value per word).
///
/// It is a scalar subquery, which PostgreSQL computes once per statement (an InitPlan): written
/// as a plain expression of the parameters, a prepared statement's generic plan — which sqlx's
/// cached statements get after five runs — builds the two tsqueries again for every message it
/// tests (measured: 15 ms instead of 0.8 ms for a page at 1 % density, and a parallel plan).
fn pg_query(query: &str) -> (String, Vec<String>) {
    let words: Vec<String> = query.split_whitespace().take(MAX_WORDS).map(str::to_lowercase).collect();
    let parts: Vec<String> = (1..=words.len())
        .map(|n| format!("(plainto_tsquery('portuguese', ${n}) || plainto_tsquery('pt_unaccent', ${n}))"))
        .collect();
    (format!("(SELECT {})", parts.join(" && ")), words)
}

/// The FTS5 query: the words in the body and, for someone who does not see everything, one of
/// their instances — both answered by the index, so an attendant's page costs what it would if
/// the tenant held only their numbers' messages.
fn fts_query(query: &str, scope: Option<&[i32]>) -> Result<String> {
    let words = format!("body : ({})", terms(query)?);
    Ok(match scope {
        None => words,
        Some(ids) => {
            let ids: Vec<String> = ids.iter().map(|id| format!("\"{id}\"")).collect();
            format!("{words} AND instance_id : ({})", ids.join(" OR "))
        }
    })
}

/// Matches (of the scope) below which a query counts as selective on PostgreSQL: the newest-first
/// walk pays for every message between two matches — at 10 000 matches in 10 M messages, about
/// 21 000 stored documents tested for a page — so below it the GIN index answers instead.
const PG_SELECTIVE: f64 = 10_000.0;

/// How many messages of the scope `query` is expected to match, from the statistics `ANALYZE`
/// keeps on the stored document (`pg_stats.most_common_elems`: the most common words and the
/// share of messages holding each): every word required, each its commonest form (with or without
/// accents), words taken as independent; a word outside the list is rarer than all in it and
/// counts as none. `None` before the table was ever analysed. One catalogue read, no scan.
async fn pg_expected_matches(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>) -> Result<Option<f64>> {
    const STATS: &str = "SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs \
                         FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'messages' \
                         AND attname = 'search_document'";
    let table = format!(
        "SELECT EXISTS ({STATS}) AS analyzed, \
         (SELECT GREATEST(reltuples, 0)::float8 FROM pg_class WHERE oid = 'messages'::regclass) AS total, \
         (SELECT count(*)::float8 FROM instances) AS instances"
    );
    let Some(row) = db.query_one_raw(sea_orm::Statement::from_string(DbBackend::Postgres, table)).await? else {
        return Ok(None);
    };
    if !row.try_get::<bool>("", "analyzed")? {
        return Ok(None);
    }
    let total: f64 = row.try_get::<Option<f64>>("", "total")?.unwrap_or(0.0);
    let instances: f64 = row.try_get("", "instances")?;
    let words: Vec<String> = query.split_whitespace().take(MAX_WORDS).map(str::to_lowercase).collect();
    let placeholders: Vec<String> = (1..=words.len()).map(|n| format!("${n}")).collect();
    // A stop word has no lexeme and drops out, as it does from the tsquery.
    let sql = format!(
        "WITH st AS ({STATS}) SELECT w.n, COALESCE(max(st.freqs[array_position(st.elems, l.lex)]), 0)::float8 AS f \
         FROM unnest(ARRAY[{}]::text[]) WITH ORDINALITY AS w(word, n) \
         CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('portuguese', w.word) \
           || to_tsvector('pt_unaccent', w.word))) AS l(lex) \
         LEFT JOIN st ON true GROUP BY w.n",
        placeholders.join(", ")
    );
    let values: Vec<sea_orm::Value> = words.into_iter().map(Into::into).collect();
    let rows = db.query_all_raw(sea_orm::Statement::from_sql_and_values(DbBackend::Postgres, sql, values)).await?;
    if rows.is_empty() {
        // Only stop words: nothing matches, and the index says so at once.
        return Ok(Some(0.0));
    }
    let mut share = 1.0;
    for row in &rows {
        share *= row.try_get::<f64>("", "f")?;
    }
    // The scope's share of the messages, taken as its share of the numbers.
    let scope_share = scope.map_or(1.0, |ids| (ids.len() as f64 / instances.max(1.0)).min(1.0));
    Ok(Some(share * total * scope_share))
}

/// How PostgreSQL finds a page of matches (docs/search.md#the-index-decision-192).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Walking the newest messages until the page is full: a word in many of them.
    Walk,
    /// Gathering the matches from the GIN index, then reading them by key: a rarer word.
    Index,
}

/// [`Plan::Index`] when fewer than [`PG_SELECTIVE`] messages (of the scope) match: estimated from
/// the statistics, or — on a table never analysed — counted through the GIN index alone.
async fn pg_plan(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>) -> Result<Plan> {
    let selective = match pg_expected_matches(db, query, scope).await? {
        Some(expected) => expected < PG_SELECTIVE,
        None => pg_count(db, query, scope).await? < PG_SELECTIVE as i64,
    };
    Ok(if selective { Plan::Index } else { Plan::Walk })
}

/// Up to [`PG_SELECTIVE`] matches counted through the GIN bitmap: the planner is told to use no
/// plain index scan nor sequential scan for it (`SET LOCAL`, reset after), which leaves it the
/// GIN index. Only a table never analysed is counted, so the statement is rarely run and its plan
/// is made for each run (a cached generic plan would not see the settings).
async fn pg_count(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>) -> Result<i64> {
    db.execute_unprepared("SET LOCAL enable_indexscan = off").await?;
    db.execute_unprepared("SET LOCAL enable_seqscan = off").await?;
    let counted = pg_count_matches(db, query, scope).await;
    db.execute_unprepared("RESET enable_indexscan").await?;
    db.execute_unprepared("RESET enable_seqscan").await?;
    counted
}

async fn pg_count_matches(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>) -> Result<i64> {
    let (tsquery, words) = pg_query(query);
    let scope = match scope {
        Some(ids) => {
            let ids: Vec<String> = ids.iter().map(i32::to_string).collect();
            format!(" AND messages.instance_id IN ({})", ids.join(", "))
        }
        None => String::new(),
    };
    let limit = PG_SELECTIVE as i64;
    let sql = format!(
        "SELECT CAST(count(*) AS BIGINT) AS n FROM (SELECT 1 FROM messages WHERE {PG_DOCUMENT} @@ {tsquery}{scope} \
         LIMIT {limit}) x"
    );
    let values: Vec<sea_orm::Value> = words.into_iter().map(Into::into).collect();
    let row = db.query_one_raw(sea_orm::Statement::from_sql_and_values(DbBackend::Postgres, sql, values)).await?;
    Ok(match row {
        Some(row) => row.try_get("", "n")?,
        None => 0,
    })
}

/// Splits a snippet written with [`HIT_START`] / [`HIT_END`] into its parts.
fn snippet_parts(marked: &str) -> Vec<SnippetPart> {
    let mut parts = Vec::new();
    let mut rest = marked;
    while let Some(start) = rest.find(HIT_START) {
        if start > 0 {
            parts.push(SnippetPart { text: rest[..start].to_owned(), hit: false });
        }
        let after = &rest[start + HIT_START.len_utf8()..];
        let end = after.find(HIT_END).unwrap_or(after.len());
        if end > 0 {
            parts.push(SnippetPart { text: after[..end].to_owned(), hit: true });
        }
        rest = after.get(end + HIT_END.len_utf8()..).unwrap_or("");
    }
    if !rest.is_empty() {
        parts.push(SnippetPart { text: rest.to_owned(), hit: false });
    }
    parts
}

fn parse_cursor(cursor: Option<&str>) -> Result<Option<i32>> {
    match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.")
        }),
    }
}

/// The instances whose messages `viewer` may find: their numbers', and those of the tickets
/// shared with them or being transferred to them or their department (a handful, by key).
/// `None`: every instance (those who see everything).
async fn instances_in_view(db: &impl ConnectionTrait, viewer: &Viewer) -> Result<Option<Vec<i32>>> {
    use crate::entities::tenant::ticket_transfer;
    if viewer.sees_all {
        return Ok(None);
    }
    let mut ids: Vec<i32> = viewer.instances.iter().copied().collect();
    let mut targeted = sea_orm::Condition::any().add(ticket_transfer::Column::ToUserId.eq(viewer.user_id));
    if let Some(department) = viewer.department_id {
        targeted = targeted.add(ticket_transfer::Column::ToDepartmentId.eq(department));
    }
    let transferred: Vec<i32> = ticket_transfer::Entity::find()
        .select_only()
        .column(ticket_transfer::Column::TicketId)
        .filter(ticket_transfer::Column::Status.eq("pending"))
        .filter(targeted)
        .into_tuple()
        .all(db)
        .await?;
    let tickets: Vec<i32> = viewer.shared_tickets.iter().copied().chain(transferred).collect();
    if !tickets.is_empty() {
        let more: Vec<i32> = ticket::Entity::find()
            .select_only()
            .column(ticket::Column::InstanceId)
            .filter(ticket::Column::Id.is_in(tickets))
            .into_tuple()
            .all(db)
            .await?;
        ids.extend(more);
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(Some(ids))
}

/// A message search: its words, where the last page ended, its size, and — on PostgreSQL — the
/// plan the same search took a moment ago, if known (the caller remembers it; see [`Found`]).
#[derive(Debug, Clone, Default)]
pub struct MessageSearch<'a> {
    pub query: &'a str,
    pub cursor: Option<&'a str>,
    pub limit: Option<u64>,
    pub known_plan: Option<Plan>,
}

/// A page of matches, and on PostgreSQL the plan that found it (worth remembering for the next
/// pages when it was estimated for this one).
#[derive(Debug)]
pub struct Found {
    pub page: SearchPage,
    pub plan: Option<Plan>,
}

/// The messages matching `query` on tickets `viewer` sees, newest first, a page at a time.
pub async fn messages(db: &impl ConnectionTrait, viewer: &Viewer, search: &MessageSearch<'_>) -> Result<Found> {
    let MessageSearch { query, cursor, limit, known_plan } = *search;
    words(query)?;
    let before = parse_cursor(cursor)?;
    let limit = limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE);
    let backend = db.get_database_backend();
    let scope = instances_in_view(db, viewer).await?;
    if scope.as_ref().is_some_and(Vec::is_empty) {
        return Ok(Found { page: SearchPage { data: Vec::new(), next_cursor: None }, plan: None });
    }
    let mut plan = None;
    let marks = format!("char({}), char({})", HIT_START as u32, HIT_END as u32);
    let mut select = Query::select();
    select
        .column((message::Entity, message::Column::Id))
        .column((message::Entity, message::Column::TicketId))
        .column((message::Entity, message::Column::Direction))
        .column((message::Entity, message::Column::Kind))
        .column((message::Entity, message::Column::SentAt))
        .from(message::Entity)
        .inner_join(
            ticket::Entity,
            Expr::col((ticket::Entity, ticket::Column::Id)).equals((message::Entity, message::Column::TicketId)),
        )
        .cond_where(viewer.condition())
        .limit(limit + 1);
    match backend {
        DbBackend::Postgres => {
            let options = format!(
                "'StartSel=' || chr({}) || ',StopSel=' || chr({}) || ',MaxFragments=1,MaxWords=18,MinWords=6'",
                HIT_START as u32, HIT_END as u32
            );
            let (tsquery, values) = pg_query(query);
            select
                .expr_as(
                    Expr::cust_with_values(
                        format!("ts_headline('portuguese', messages.body, {tsquery}, {options})"),
                        values.clone(),
                    ),
                    Alias::new("snippet"),
                )
                .order_by((message::Entity, message::Column::Id), Order::Desc);
            // A frequent word — most searches — is best served by walking the newest messages,
            // which stops at the page's end. A query few messages match is answered from the GIN
            // index instead: its matches (at most a few thousand) are gathered first, then read
            // by key. They are two statements, each with its own cached plan, because the plan
            // cannot be chosen per run: a generic plan estimates every word alike, and walking
            // for a rare word reads the whole table (13 s for a word in 0.01 % of 10 M messages;
            // 7 ms from the index).
            let mut filter = format!("{PG_DOCUMENT} @@ {tsquery}");
            let mut values: Vec<sea_orm::Value> = values.into_iter().map(Into::into).collect();
            if let Some(ids) = &scope {
                let first = values.len() + 1;
                let placeholders: Vec<String> = (first..first + ids.len()).map(|n| format!("${n}")).collect();
                filter.push_str(&format!(" AND messages.instance_id IN ({})", placeholders.join(", ")));
                values.extend(ids.iter().map(|id| sea_orm::Value::from(*id)));
            }
            if let Some(id) = before {
                filter.push_str(&format!(" AND messages.id < ${}", values.len() + 1));
                values.push(id.into());
            }
            let chosen = match known_plan {
                Some(known) => known,
                None => pg_plan(db, query, scope.as_deref()).await?,
            };
            plan = Some(chosen);
            if chosen == Plan::Index {
                select.and_where(Expr::cust_with_values(
                    format!("messages.id = ANY (ARRAY (SELECT messages.id FROM messages WHERE {filter}))"),
                    values,
                ));
            } else {
                select.and_where(Expr::cust_with_values(filter, values));
            }
        }
        _ => {
            // Driven by the index, newest match first: FTS5 walks its rowids backwards and the
            // page stops at `limit` (a frequent word costs no more than a rare one).
            select
                .expr_as(Expr::cust(format!("snippet(messages_fts, 0, {marks}, '…', 16)")), Alias::new("snippet"))
                .inner_join(Alias::new("messages_fts"), Expr::cust("messages_fts.rowid = messages.id"))
                .and_where(Expr::cust_with_values("messages_fts MATCH ?", [fts_query(query, scope.as_deref())?]))
                .order_by((Alias::new("messages_fts"), Alias::new("rowid")), Order::Desc);
            if let Some(id) = before {
                select.and_where(Expr::cust_with_values("messages_fts.rowid < ?", [id]));
            }
        }
    }
    let rows = db.query_all_raw(backend.build(&select)).await?;
    let mut found = Vec::with_capacity(rows.len());
    for row in &rows {
        let ticket_id: i32 = row.try_get("", "ticket_id")?;
        let snippet: String = row.try_get("", "snippet")?;
        found.push((
            ticket_id,
            MessageMatch {
                id: row.try_get("", "id")?,
                direction: row.try_get("", "direction")?,
                kind: row.try_get("", "kind")?,
                sent_at: row.try_get("", "sent_at")?,
                snippet: snippet_parts(&snippet),
            },
        ));
    }
    let next_cursor = if found.len() as u64 > limit {
        found.truncate(limit as usize);
        found.last().map(|(_, m)| m.id.to_string())
    } else {
        None
    };
    Ok(Found { page: SearchPage { data: grouped(db, found).await?, next_cursor }, plan })
}

/// The page's matches by conversation, in the order of each one's newest match.
async fn grouped(db: &impl ConnectionTrait, found: Vec<(i32, MessageMatch)>) -> Result<Vec<ConversationMatches>> {
    let mut order: Vec<i32> = Vec::new();
    let mut by_ticket: HashMap<i32, Vec<MessageMatch>> = HashMap::new();
    for (ticket_id, found) in found {
        if !by_ticket.contains_key(&ticket_id) {
            order.push(ticket_id);
        }
        by_ticket.entry(ticket_id).or_default().push(found);
    }
    if order.is_empty() {
        return Ok(Vec::new());
    }
    // The tickets with their names and tags in one statement, as the queue reads a page.
    let select = views::joined(ticket::Entity::find().filter(ticket::Column::Id.is_in(order.iter().copied())));
    let rows = db.query_all_raw(db.get_database_backend().build(&select.into_query())).await?;
    let (tickets, names) = Names::from_joined(&rows)?;
    let tickets: HashMap<i32, ticket::Model> = tickets.into_iter().map(|t| (t.id, t)).collect();
    Ok(order
        .into_iter()
        .filter_map(|id| {
            let found = tickets.get(&id)?;
            Some(ConversationMatches {
                ticket: names.ticket(found),
                matches: by_ticket.remove(&id).unwrap_or_default(),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_stemmed_into_prefixes_without_accents() {
        assert_eq!(terms("Pagamentos").unwrap(), "\"pagament\"*");
        assert_eq!(terms("  boleto   ATRASADO ").unwrap(), "\"bolet\"* \"atras\"*");
        assert_eq!(terms("informações").unwrap(), "\"inform\"*");
        // A three-letter stem is lengthened from the word to an indexed prefix.
        assert_eq!(terms("pedido").unwrap(), "\"pedi\"*");
        assert_eq!(terms("Nota").unwrap(), "\"nota\"*");
        // Too short a stem, or a word in parts: the word itself.
        assert_eq!(terms("pé").unwrap(), "\"pe\"*");
        assert_eq!(terms("pós-venda").unwrap(), "\"pos\"* \"venda\"*");
        assert!(terms("!!").is_err());
    }

    #[test]
    fn queries_are_two_to_a_hundred_characters_with_a_letter() {
        assert!(words("a").is_err());
        assert!(words(&"a".repeat(101)).is_err());
        assert!(words("— —").is_err());
        assert_eq!(words("Ação urgente").unwrap(), ["acao", "urgente"]);
    }

    #[test]
    fn snippets_split_into_marked_words() {
        let parts = snippet_parts("segue o \u{2}boleto\u{3} de \u{2}março\u{3}…");
        let hits: Vec<&str> = parts.iter().filter(|p| p.hit).map(|p| p.text.as_str()).collect();
        assert_eq!(hits, ["boleto", "março"]);
        assert_eq!(parts[0], SnippetPart { text: "segue o ".into(), hit: false });
        assert_eq!(snippet_parts("sem marca"), [SnippetPart { text: "sem marca".into(), hit: false }]);
    }
}
