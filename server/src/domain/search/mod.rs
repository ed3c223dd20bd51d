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

mod snippet;

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rust_stemmers::{Algorithm, Stemmer};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, Iterable, QueryFilter, QueryResult, QuerySelect,
    sea_query::{Alias, Expr, ExprTrait, Order, Query, SelectStatement},
};
use serde::Serialize;
use utoipa::ToSchema;

use self::snippet::Highlighter;
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
/// What marks a matched word in a snippet as SQLite writes it (control characters a
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
/// `"pagament"*`, finding pagamento, pagamentos), all of them required.
pub fn terms(query: &str) -> Result<String> {
    let prefixes = prefixes(query);
    if prefixes.is_empty() {
        return Err(words(query).err().unwrap_or_else(|| Error::invalid_field("invalid_search", "q", "Busca vazia.")));
    }
    let terms: Vec<String> = prefixes.iter().map(|prefix| format!("\"{prefix}\"*")).collect();
    Ok(terms.join(" "))
}

/// The folded stem of each word of `query`, as the SQLite index is asked for it and as the
/// server marks the hits of a PostgreSQL snippet. A word is stemmed as typed, accents included
/// (Snowball's rules are written for them), and folded after.
fn prefixes(query: &str) -> Vec<String> {
    let stemmer = Stemmer::create(Algorithm::Portuguese);
    let mut prefixes = Vec::new();
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
            prefixes.push(prefix);
        }
    }
    prefixes
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

/// Matches (of the scope) below which a query counts as selective on a PostgreSQL table never
/// analysed, whose matches are counted instead of estimated: the newest-first walk pays for every
/// message between two matches — at 10 000 matches in 10 M messages, about 21 000 stored
/// documents tested for a page — so below it the GIN index answers instead.
const PG_SELECTIVE: f64 = 10_000.0;

/// A message's block in the blocks index is `id >> 13` (tenant migration 57): 8 192 ids each.
const BLOCK_BITS: u32 = 13;
const BLOCK: f64 = (1u32 << BLOCK_BITS) as f64;
/// The share of the scope's messages from which a query is walked: the walk tests about
/// `page / share` messages (0.7 µs each at 10 M), the blocks index reads every match of a block
/// (about 1.1 µs each with its row); they cost the same near 5 %.
const WALK_SHARE: f64 = 0.05;
/// The most blocks a page asks for at first: past that (a word in fewer than one message of a
/// block), the plain GIN index's whole list of matches is cheaper than that many lookups — 80
/// blocks cost 0.9 ms and the index 1.8 ms for a word in 1 000 of 10 M messages, 160 blocks 2.6 ms.
const MAX_BLOCKS: f64 = 64.0;
/// Rounds of blocks a page reads, each twice as many blocks as the last (never more than
/// [`MAX_BLOCKS`]), before the rest of the page is asked of the plain GIN index (a word the
/// statistics said was commoner than it is, or an attendant who sees few of its matches).
const BLOCK_ROUNDS: usize = 5;

/// Which share of all messages `query` is expected to match on the numbers of `scope`, from the
/// statistics `ANALYZE` keeps on the stored document (`pg_stats.most_common_elems`: the most
/// common words and the share of messages holding each): every word required, each its commonest
/// form (with or without accents), words taken as independent; a word outside the list is rarer
/// than all in it and counts as none. The scope's share of the messages is taken as its share of
/// the numbers. `None` before the table was ever analysed. One catalogue read, no scan.
async fn pg_expected_share(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>) -> Result<Option<f64>> {
    const STATS: &str = "SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs \
                         FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'messages' \
                         AND attname = 'search_document'";
    let table = format!("SELECT EXISTS ({STATS}) AS analyzed, (SELECT count(*)::float8 FROM instances) AS instances");
    let Some(row) = db.query_one_raw(sea_orm::Statement::from_string(DbBackend::Postgres, table)).await? else {
        return Ok(None);
    };
    if !row.try_get::<bool>("", "analyzed")? {
        return Ok(None);
    }
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
    // Both the walk and the blocks pass every message (or every match) of the numbers the caller
    // does not see: what matters is how dense the caller's own matches are among all messages.
    let scope_share = scope.map_or(1.0, |ids| (ids.len() as f64 / instances.max(1.0)).min(1.0));
    Ok(Some(share * scope_share))
}

/// How PostgreSQL finds a page of matches (docs/search.md#the-index-decision-192).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Walking the newest messages until the page is full: a word in many of them.
    Walk,
    /// Reading the newest blocks of 8 192 messages from the blocks index (tenant migration 57),
    /// this many at first and twice as many each round after: a word in a few of each block.
    Blocks(u16),
    /// Gathering the matches from the GIN index, then reading them by key: a rare word.
    Index,
}

/// The plan for a query expected to match `share` of the messages, for a page of `wanted`: walk a
/// frequent word, read a rarer one's newest blocks — enough to hold about twice the page — and
/// gather a rare one's few matches from the GIN index.
fn plan_for_share(share: f64, wanted: u64) -> Plan {
    if share >= WALK_SHARE {
        return Plan::Walk;
    }
    // One block more than the page needs: the newest block is still being filled (half full on
    // average), and a word comes in bursts (a campaign, a week of boletos) rather than evenly.
    let blocks = (2.0 * wanted as f64 / (share * BLOCK)).ceil().max(1.0) + 1.0;
    if blocks <= MAX_BLOCKS { Plan::Blocks(blocks as u16) } else { Plan::Index }
}

/// The plan for a page of `wanted` matches: from the statistics, or — on a table never analysed —
/// [`Plan::Index`] when fewer than [`PG_SELECTIVE`] messages (of the scope) match, counted
/// through the GIN index alone.
async fn pg_plan(db: &impl ConnectionTrait, query: &str, scope: Option<&[i32]>, wanted: u64) -> Result<Plan> {
    Ok(match pg_expected_share(db, query, scope).await? {
        Some(share) => plan_for_share(share, wanted),
        None if pg_count(db, query, scope).await? < PG_SELECTIVE as i64 => Plan::Index,
        None => Plan::Walk,
    })
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

/// The newest message's id, 0 when there is none (where the blocks start), as a scalar subquery.
const NEWEST_ID: &str = "(SELECT CAST(COALESCE(MAX(id), 0) AS INTEGER) FROM messages)";
/// The column answering [`NEWEST_ID`] beside each row of a first page read by blocks.
const NEWEST_ALIAS: &str = "search_newest";

/// A condition on the matches, its values, and whether its statement answers the newest
/// message's id beside each row ([`NEWEST_ALIAS`]).
struct Matches {
    sql: String,
    values: Vec<sea_orm::Value>,
    answers_newest: bool,
}

/// A PostgreSQL page's statement before the plan's condition — its columns, the ticket and the
/// visibility rule, newest first — and what the condition is made of.
struct PgPage<'a> {
    select: &'a SelectStatement,
    /// The query's tsquery, reading its words as `$1`, `$2`…
    tsquery: &'a str,
    words: &'a [String],
    scope: Option<&'a [i32]>,
}

impl PgPage<'_> {
    /// Up to `wanted` matches older than `before`, newest first, found as `plan` says.
    ///
    /// A frequent word — most searches — is best served by walking the newest messages, which
    /// stops at the page's end. A rarer one by its matches in the newest blocks of the blocks
    /// index, then older blocks if the page is not full; a rare one by gathering its few matches
    /// from the GIN index. Each is a statement of its own, with its own cached plan: a generic
    /// plan estimates every word alike, and walking for a rare word reads the whole table (13 s
    /// for a word in 0.01 % of 10 M messages; 7 ms from the index).
    async fn rows(
        &self,
        db: &impl ConnectionTrait,
        plan: Plan,
        before: Option<i32>,
        wanted: u64,
    ) -> Result<Vec<QueryResult>> {
        let mut newest = before.map(|id| id.saturating_sub(1));
        let mut count = match plan {
            Plan::Walk => return self.run(db, self.condition(None), newest, false, wanted).await,
            Plan::Index => return self.run(db, self.condition(None), newest, true, wanted).await,
            Plan::Blocks(blocks) => i32::from(blocks),
        };
        let mut rows = Vec::new();
        for _ in 0..BLOCK_ROUNDS {
            if newest.is_some_and(|id| id < 1) {
                return Ok(rows);
            }
            // A first page starts from the newest message, which its statement finds itself (one
            // round trip fewer) and answers beside each row.
            let found = self.run(db, self.condition(Some((newest, count))), newest, true, wanted - rows.len() as u64);
            let found = found.await?;
            let top = match (newest, found.first()) {
                (Some(id), _) => id,
                (None, Some(row)) => row.try_get("", NEWEST_ALIAS)?,
                // Nothing in the newest blocks: asked again (a later message only moves the
                // blocks up, and a block read twice holds no match it did not give before).
                (None, None) => self.newest_id(db).await?,
            };
            rows.extend(found);
            let lowest = (top >> BLOCK_BITS) - count + 1;
            if rows.len() as u64 >= wanted || lowest <= 0 || top < 1 {
                return Ok(rows);
            }
            newest = Some((lowest << BLOCK_BITS) - 1);
            count = count.saturating_mul(2);
            if f64::from(count) > MAX_BLOCKS {
                // A tsquery of that many blocks costs more than the plain list (words that meet
                // in fewer messages than their shares promise, or come in bursts).
                break;
            }
        }
        // Still short: the rest from the GIN index's whole list.
        let rest = self.run(db, self.condition(None), newest, true, wanted - rows.len() as u64).await?;
        rows.extend(rest);
        Ok(rows)
    }

    /// The matches' condition: in `blocks` when given — the newest id they start from (the newest
    /// message's when `None`, found by the statement) and how many blocks.
    fn condition(&self, blocks: Option<(Option<i32>, i32)>) -> Matches {
        let mut values: Vec<sea_orm::Value> = self.words.iter().cloned().map(Into::into).collect();
        let mut param = |value: sea_orm::Value| {
            values.push(value);
            format!("${}", values.len())
        };
        let (sql, answers_newest) = match blocks {
            None => (format!("{PG_DOCUMENT} @@ {}", self.tsquery), false),
            Some((newest, count)) => {
                // The query's lexemes each tagged with every block asked for, as the index tags a
                // message's words (tenant migration 57): in its text form each lexeme is quoted,
                // a quote inside doubled. One tsquery, so a page's blocks are one index scan.
                let (pattern, tag, end) = (param("'((?:[^']|'')*)'".into()), param("'\\1 ".into()), param("'".into()));
                let block = match newest {
                    Some(id) => format!("{}::int", param((id >> BLOCK_BITS).into())),
                    None => format!("({NEWEST_ID} >> {BLOCK_BITS})"),
                };
                let count = param(count.into());
                let sql = format!(
                    "message_search_blocks({PG_DOCUMENT}, messages.id) @@ (SELECT string_agg('(' || \
                     regexp_replace(words::text, {pattern}, {tag} || block::text || {end}, 'g') || ')', ' | ')::tsquery \
                     FROM (SELECT {} AS words) AS query, \
                     generate_series(GREATEST({block} - {count}::int + 1, 0), {block}) AS block \
                     WHERE numnode(words) > 0)",
                    self.tsquery
                );
                (sql, newest.is_none())
            }
        };
        Matches { sql, values, answers_newest }
    }

    /// Up to `wanted` rows of the page matching `condition`, at most `newest`, on the scope's
    /// numbers: tested on each message the walk passes, or `gathered` from an index first and
    /// then read by key.
    ///
    /// A gathered statement bounds the ids and the numbers outside the gathering: inside,
    /// PostgreSQL ANDed the index's matches with a bitmap of every id of the primary key up to
    /// `newest` (63 searches a second at 10 M messages, against about 1 000), or of every
    /// message of the attendant's numbers from the `(instance_id, external_id)` index (1.7 M
    /// entries, 0.6 s for her two-word search) — millions, to keep a few hundred.
    async fn run(
        &self,
        db: &impl ConnectionTrait,
        matches: Matches,
        newest: Option<i32>,
        gathered: bool,
        wanted: u64,
    ) -> Result<Vec<QueryResult>> {
        let Matches { sql: condition, values, answers_newest } = matches;
        let mut select = self.select.clone();
        if gathered {
            let gather = format!("messages.id = ANY (ARRAY (SELECT messages.id FROM messages WHERE {condition}))");
            select.and_where(Expr::cust_with_values(gather, values));
        } else {
            select.and_where(Expr::cust_with_values(condition, values));
        }
        if answers_newest {
            // The same value as the condition's: one statement, one snapshot.
            select.expr_as(Expr::cust(NEWEST_ID), Alias::new(NEWEST_ALIAS));
        }
        if let Some(id) = newest {
            select.and_where(Expr::col((message::Entity, message::Column::Id)).lte(id));
        }
        if let Some(ids) = self.scope {
            select.and_where(Expr::col((message::Entity, message::Column::InstanceId)).is_in(ids.iter().copied()));
        }
        select.limit(wanted);
        // The limit as a number: a prepared statement's generic plan, not knowing it, planned
        // for thousands of matches and joined the tickets' names by hashing whole tables (a walked
        // page 21 → 45 ms under load).
        let statement = crate::domain::pages::literal_limit(DbBackend::Postgres.build(&select));
        Ok(db.query_all_raw(statement).await?)
    }

    /// The newest message's id (0 when there is none): where the blocks start.
    async fn newest_id(&self, db: &impl ConnectionTrait) -> Result<i32> {
        let sql = format!("SELECT {NEWEST_ID} AS id");
        let row = db.query_one_raw(sea_orm::Statement::from_string(DbBackend::Postgres, sql)).await?;
        Ok(match row {
            Some(row) => row.try_get("", "id")?,
            None => 0,
        })
    }
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
    // Each match with its ticket and the names the ticket shows, in the page's one statement (the
    // ticket's columns under their own names, the message's as `m_*`).
    let mut select = Query::select();
    select
        .expr_as(Expr::col((message::Entity, message::Column::Id)), Alias::new("m_id"))
        .expr_as(Expr::col((message::Entity, message::Column::Direction)), Alias::new("m_direction"))
        .expr_as(Expr::col((message::Entity, message::Column::Kind)), Alias::new("m_kind"))
        .expr_as(Expr::col((message::Entity, message::Column::SentAt)), Alias::new("m_sent_at"))
        .columns(ticket::Column::iter().map(|column| (ticket::Entity, column)))
        .from(message::Entity)
        .inner_join(
            ticket::Entity,
            Expr::col((ticket::Entity, ticket::Column::Id)).equals((message::Entity, message::Column::TicketId)),
        )
        .cond_where(viewer.condition())
        .limit(limit + 1);
    let rows = match backend {
        DbBackend::Postgres => {
            // The body, for the server to mark its hits (`snippet`): `ts_headline` parsed and
            // stemmed it again inside the database.
            let (tsquery, values) = pg_query(query);
            select
                .expr_as(Expr::col((message::Entity, message::Column::Body)), Alias::new("snippet"))
                .order_by((message::Entity, message::Column::Id), Order::Desc);
            let chosen = match known_plan {
                Some(known) => known,
                None => pg_plan(db, query, scope.as_deref(), limit + 1).await?,
            };
            plan = Some(chosen);
            views::join_names(&mut select);
            let page = PgPage { select: &select, tsquery: &tsquery, words: &values, scope: scope.as_deref() };
            page.rows(db, chosen, before, limit + 1).await?
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
            views::join_names(&mut select);
            db.query_all_raw(backend.build(&select)).await?
        }
    };
    let highlighter = (backend == DbBackend::Postgres).then(|| Highlighter::new(prefixes(query)));
    // One ticket per row, in the rows' order.
    let (tickets, names) = Names::from_joined(&rows)?;
    let mut found = Vec::with_capacity(rows.len());
    for (row, ticket) in rows.iter().zip(tickets) {
        let snippet: String = row.try_get("", "snippet")?;
        let snippet = match &highlighter {
            Some(highlighter) => highlighter.snippet(&snippet),
            None => snippet_parts(&snippet),
        };
        found.push((
            ticket,
            MessageMatch {
                id: row.try_get("", "m_id")?,
                direction: row.try_get("", "m_direction")?,
                kind: row.try_get("", "m_kind")?,
                sent_at: row.try_get("", "m_sent_at")?,
                snippet,
            },
        ));
    }
    let next_cursor = if found.len() as u64 > limit {
        found.truncate(limit as usize);
        found.last().map(|(_, m)| m.id.to_string())
    } else {
        None
    };
    Ok(Found { page: SearchPage { data: grouped(found, &names), next_cursor }, plan })
}

/// The page's matches by conversation, in the order of each one's newest match.
fn grouped(found: Vec<(ticket::Model, MessageMatch)>, names: &Names) -> Vec<ConversationMatches> {
    let mut conversations: Vec<(ticket::Model, Vec<MessageMatch>)> = Vec::new();
    let mut position: HashMap<i32, usize> = HashMap::new();
    for (ticket, found) in found {
        match position.get(&ticket.id) {
            Some(&at) => conversations[at].1.push(found),
            None => {
                position.insert(ticket.id, conversations.len());
                conversations.push((ticket, vec![found]));
            }
        }
    }
    conversations
        .into_iter()
        .map(|(ticket, matches)| ConversationMatches { ticket: names.ticket(&ticket), matches })
        .collect()
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
    fn a_frequent_word_is_walked_a_rarer_one_read_by_blocks_and_a_rare_one_gathered() {
        // A page of 31: `pedido` in 10 % of the messages, `boleto` in 1 % (82 a block: one
        // block holds twice the page, and the newest is read beside it), a word in 0.1 % (8 a
        // block), one in 1 000 of 10 M.
        assert_eq!(plan_for_share(0.10, 31), Plan::Walk);
        assert_eq!(plan_for_share(0.05, 31), Plan::Walk);
        assert_eq!(plan_for_share(0.01, 31), Plan::Blocks(2));
        assert_eq!(plan_for_share(0.001, 31), Plan::Blocks(9));
        assert_eq!(plan_for_share(0.0001, 31), Plan::Index);
        // A word the statistics do not list, or only stop words.
        assert_eq!(plan_for_share(0.0, 31), Plan::Index);
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
