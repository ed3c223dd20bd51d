//! In-process caches of what every request reads (docs/contracts.md#background-work-caches-and-aggregates, docs/performance.md#caches): a
//! tenant's control record with its features, a user's auth state (the user row, role, route
//! permissions, two-factor gate, inbox entitlement), a tenant's bots (read by every inbound
//! message), each user's queue counts (the inbox's tabs, on every tickets page), the instances the
//! provider endpoint authenticates (read by every provider event), and the totals of users
//! searches (checked against the database on each use).
//!
//! An entry is dropped when the bus says it changed (`Raised::TenantChanged`, `AuthChanged`,
//! `SessionsEnded`, `BotsChanged`, `InstancesChanged`, `WebhooksChanged`, `SettingsChanged`, a ticket event; from every replica through Redis), and lives at most [`TTL`] in any case: a
//! message lost in a Redis outage, or a change made by a CLI process with no Redis to tell, holds
//! for that long at most. Every entry is cleared when the Redis subscription is re-established.
//!
//! A fill that raced an invalidation is not stored: each map counts invalidations, and a value
//! loaded before the latest one is used for this request only.

use std::{
    collections::{HashMap, HashSet},
    hash::Hash,
    sync::{
        Arc, RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use crate::{
    domain::{
        audit::reads::AuditSettings,
        bot::config::Bots,
        conversations::{Viewer, tickets::Counts},
        events::{SubscriberCache, Subscribers},
        instances::Connection,
        users::{KnownTotal, UserView},
    },
    entities::{
        control::tenant,
        tenant::{instance, role, user},
    },
    tenancy::TenantName,
};

/// The longest an entry lives without being told of a change.
pub const TTL: Duration = Duration::from_secs(15);
/// Entries per map before expired ones are swept (and, if still full, all dropped).
const MAX_ENTRIES: usize = 100_000;

/// A tenant's control record and the feature options switched on for it.
#[derive(Debug, Clone)]
pub struct TenantEntry {
    pub record: tenant::Model,
    pub features: Arc<HashSet<String>>,
}

/// What authenticating a user of a tenant needs, beyond the token itself.
#[derive(Debug, Clone)]
pub struct AuthEntry {
    pub user: user::Model,
    pub role: Option<role::Model>,
    pub routes: Vec<String>,
    pub must_enroll_two_factor: bool,
    pub viewer: Viewer,
    /// The user's own view (`userInfo`), read the first time it is asked for while this entry
    /// lives. It shows the department's and linked instances' names and the recovery codes
    /// left: what changes them raises `AuthChanged` (for the tenant when a department or an
    /// instance changes), which drops the entry and this with it.
    pub own_view: tokio::sync::OnceCell<UserView>,
}

/// An instance as its provider's events need it: the row (its name goes into events) and the
/// opened connection whose secret the signature is checked with.
#[derive(Debug, Clone)]
pub struct InstanceEntry {
    pub instance: instance::Model,
    pub connection: Connection,
}

/// The caches of one process.
#[derive(Default)]
pub struct Caches {
    tenants: TtlMap<TenantName, Arc<TenantEntry>>,
    auth: TtlMap<(TenantName, i32), Arc<AuthEntry>>,
    bots: TtlMap<TenantName, Arc<Bots>>,
    /// The instances provider events named (`http::instances::provider_events`): an unknown
    /// instance or one without a provider is not kept (it answers 401 from the database each time).
    instances: TtlMap<(TenantName, i32), Arc<InstanceEntry>>,
    /// A user's queue counts (`tickets::Counts`): dropped for the whole tenant by any event that
    /// may move a ticket between tabs (`Event::moves_tickets`), and for a user whose entitlement
    /// changed (what they count depends on it).
    queue_counts: TtlMap<(TenantName, i32), Counts>,
    /// A users search's total with the change counter it was counted at (`users::KnownTotal`):
    /// checked by the database on every use, so no invalidation is needed for it to be right;
    /// the TTL bounds what is kept.
    users_totals: TtlMap<(TenantName, String), KnownTotal>,
    /// Queue searches (lower-cased) that matched more customers than are looked for by id
    /// (`tickets::ListQuery::common_search`): their next pages walk the newest tickets without
    /// asking again. Only the way the page is found depends on it, never what it finds, so no
    /// event drops it; the TTL bounds how long a search that became rare is walked.
    common_searches: TtlMap<(TenantName, String), ()>,
    /// Which of PostgreSQL's two statements answers a message search (`search::Plan`), by user
    /// and query: estimated from the column's statistics on the first page (two catalogue reads),
    /// then reused by its next pages and refreshes. Like `common_searches`, it decides only how
    /// the page is found; the TTL bounds it.
    search_plans: TtlMap<(TenantName, i32, String), crate::domain::search::Plan>,
    /// The dashboards' answers (analytics, Maria, productivity) by tenant and request: they read
    /// the daily aggregates only, which change when an analytics sync commits
    /// (`Raised::AnalyticsChanged`). Each is one type of answer, told apart by its key.
    dashboards: TtlMap<(TenantName, String), Arc<dyn std::any::Any + Send + Sync>>,
    /// The enabled webhook endpoints of a tenant and their event types, read by every commit
    /// that emits an integration event (`domain::webhook_events::emit`): dropped when an
    /// endpoint changes (`Raised::WebhooksChanged`).
    subscribers: TtlMap<TenantName, Arc<Subscribers>>,
    /// The company's audit settings, asked by every opening of a conversation (whether it is to
    /// be recorded): dropped when a setting changes (`Raised::SettingsChanged`).
    audit_settings: TtlMap<TenantName, AuditSettings>,
    /// The operators' home board reads every tenant's usage; the last read is reused a minute.
    operator_scans: crate::domain::home::operator::Scans,
}

/// Proof of when a fill started: stored only if nothing was invalidated since.
#[derive(Debug, Clone, Copy)]
pub struct Ticket(u64);

impl Caches {
    pub fn operator_scans(&self) -> &crate::domain::home::operator::Scans {
        &self.operator_scans
    }

    pub fn tenant(&self, name: &TenantName) -> Option<Arc<TenantEntry>> {
        self.tenants.get(name)
    }

    pub fn tenant_ticket(&self) -> Ticket {
        self.tenants.ticket()
    }

    pub fn store_tenant(&self, ticket: Ticket, name: TenantName, entry: Arc<TenantEntry>) {
        self.tenants.insert(ticket, name, entry);
    }

    pub fn auth(&self, tenant: &TenantName, user_id: i32) -> Option<Arc<AuthEntry>> {
        self.auth.get(&(tenant.clone(), user_id))
    }

    pub fn auth_ticket(&self) -> Ticket {
        self.auth.ticket()
    }

    pub fn store_auth(&self, ticket: Ticket, tenant: TenantName, user_id: i32, entry: Arc<AuthEntry>) {
        self.auth.insert(ticket, (tenant, user_id), entry);
    }

    pub fn bots(&self, tenant: &TenantName) -> Option<Arc<Bots>> {
        self.bots.get(tenant)
    }

    /// The tenant's bots: this process's copy, else read from `db` (a read beside the writer) and
    /// kept — unless an invalidation raced the read.
    pub async fn bots_of(
        &self,
        tenant: &TenantName,
        db: &crate::tenancy::TenantDb,
    ) -> crate::domain::error::Result<Arc<Bots>> {
        if let Some(bots) = self.bots.get(tenant) {
            return Ok(bots);
        }
        let ticket = self.bots.ticket();
        let read = db.read().await?;
        let bots = Arc::new(Bots::load(&read).await?);
        read.end();
        self.bots.insert(ticket, tenant.clone(), bots.clone());
        Ok(bots)
    }

    pub fn bots_ticket(&self) -> Ticket {
        self.bots.ticket()
    }

    pub fn store_bots(&self, ticket: Ticket, tenant: TenantName, entry: Arc<Bots>) {
        self.bots.insert(ticket, tenant, entry);
    }

    pub fn instance(&self, tenant: &TenantName, id: i32) -> Option<Arc<InstanceEntry>> {
        self.instances.get(&(tenant.clone(), id))
    }

    pub fn instances_ticket(&self) -> Ticket {
        self.instances.ticket()
    }

    pub fn store_instance(&self, ticket: Ticket, tenant: TenantName, entry: Arc<InstanceEntry>) {
        let id = entry.instance.id;
        self.instances.insert(ticket, (tenant, id), entry);
    }

    /// An instance of the tenant was created or changed (name, status, provider address or secret).
    pub fn instances_changed(&self, tenant: &TenantName) {
        self.instances.remove_where(|(t, _)| t == tenant);
    }

    pub fn queue_counts(&self, tenant: &TenantName, user_id: i32) -> Option<Counts> {
        self.queue_counts.get(&(tenant.clone(), user_id))
    }

    pub fn queue_counts_ticket(&self) -> Ticket {
        self.queue_counts.ticket()
    }

    pub fn store_queue_counts(&self, ticket: Ticket, tenant: TenantName, user_id: i32, counts: Counts) {
        self.queue_counts.insert(ticket, (tenant, user_id), counts);
    }

    /// A ticket of the tenant may have changed status, owner or department.
    pub fn tickets_changed(&self, tenant: &TenantName) {
        self.queue_counts.remove_where(|(t, _)| t == tenant);
    }

    pub fn users_total(&self, tenant: &TenantName, needle: &str) -> Option<KnownTotal> {
        self.users_totals.get(&(tenant.clone(), needle.to_owned()))
    }

    pub fn store_users_total(&self, tenant: TenantName, needle: String, known: KnownTotal) {
        self.users_totals.insert(self.users_totals.ticket(), (tenant, needle), known);
    }

    /// Whether a queue search was common a moment ago (see `common_searches`).
    pub fn common_search(&self, tenant: &TenantName, needle: &str) -> bool {
        self.common_searches.get(&(tenant.clone(), needle.to_owned())).is_some()
    }

    pub fn store_common_search(&self, tenant: TenantName, needle: String) {
        self.common_searches.insert(self.common_searches.ticket(), (tenant, needle), ());
    }

    /// The plan a message search of `user_id` took a moment ago (see `search_plans`).
    pub fn search_plan(&self, tenant: &TenantName, user_id: i32, query: &str) -> Option<crate::domain::search::Plan> {
        self.search_plans.get(&(tenant.clone(), user_id, query.to_owned()))
    }

    pub fn store_search_plan(
        &self,
        tenant: TenantName,
        user_id: i32,
        query: String,
        plan: crate::domain::search::Plan,
    ) {
        self.search_plans.insert(self.search_plans.ticket(), (tenant, user_id, query), plan);
    }

    /// A dashboard's answer kept for `key` (its endpoint and parameters).
    pub fn dashboard<V: Clone + Send + Sync + 'static>(&self, tenant: &TenantName, key: &str) -> Option<V> {
        self.dashboards.get(&(tenant.clone(), key.to_owned())).and_then(|kept| kept.downcast_ref::<V>().cloned())
    }

    pub fn dashboards_ticket(&self) -> Ticket {
        self.dashboards.ticket()
    }

    pub fn store_dashboard<V: Send + Sync + 'static>(
        &self,
        ticket: Ticket,
        tenant: TenantName,
        key: String,
        answer: V,
    ) {
        self.dashboards.insert(ticket, (tenant, key), Arc::new(answer));
    }

    /// The tenant's daily aggregates were rebuilt.
    pub fn analytics_changed(&self, tenant: &TenantName) {
        self.dashboards.remove_where(|(t, _)| t == tenant);
    }

    /// A webhook endpoint of the tenant was created, changed or deleted.
    pub fn webhooks_changed(&self, tenant: &TenantName) {
        self.subscribers.remove_where(|key| key == tenant);
    }

    /// The company's audit settings, if kept.
    pub fn audit_settings(&self, tenant: &TenantName) -> Option<AuditSettings> {
        self.audit_settings.get(tenant)
    }

    pub fn audit_settings_ticket(&self) -> Ticket {
        self.audit_settings.ticket()
    }

    pub fn store_audit_settings(&self, ticket: Ticket, tenant: TenantName, settings: AuditSettings) {
        self.audit_settings.insert(ticket, tenant, settings);
    }

    /// A company setting of the tenant changed.
    pub fn settings_changed(&self, tenant: &TenantName) {
        self.audit_settings.remove_where(|key| key == tenant);
    }

    /// A bot configuration or a department of the tenant changed.
    pub fn bots_changed(&self, tenant: &TenantName) {
        self.bots.remove_where(|key| key == tenant);
    }

    /// The tenant's record or features changed (plan, limits, features, deleted, restored).
    pub fn tenant_changed(&self, name: &TenantName) {
        self.tenants.remove_where(|key| key == name);
        // Restored from a backup: its tickets and instances are others.
        self.tickets_changed(name);
        self.instances_changed(name);
        // A tenant deleted and created again is another database (its counter starts elsewhere).
        self.users_totals.remove_where(|(tenant, _)| tenant == name);
        // Features or a restored backup change what the dashboards show.
        self.analytics_changed(name);
        self.settings_changed(name);
    }

    /// A user's auth state changed (`None`: possibly every user of the tenant, e.g. a role's routes).
    pub fn auth_changed(&self, tenant: &TenantName, user_id: Option<i32>) {
        self.auth.remove_where(|(t, u)| t == tenant && user_id.is_none_or(|id| id == *u));
        self.queue_counts.remove_where(|(t, u)| t == tenant && user_id.is_none_or(|id| id == *u));
    }

    /// Forgets everything (messages may have been missed).
    pub fn clear(&self) {
        self.tenants.remove_where(|_| true);
        self.auth.remove_where(|_| true);
        self.bots.remove_where(|_| true);
        self.instances.remove_where(|_| true);
        self.queue_counts.remove_where(|_| true);
        self.users_totals.remove_where(|_| true);
        self.common_searches.remove_where(|_| true);
        self.search_plans.remove_where(|_| true);
        self.dashboards.remove_where(|_| true);
        self.subscribers.remove_where(|_| true);
        self.audit_settings.remove_where(|_| true);
    }
}

impl SubscriberCache for Caches {
    fn subscribers(&self, tenant: &TenantName) -> Option<Arc<Subscribers>> {
        self.subscribers.get(tenant)
    }

    fn subscribers_ticket(&self) -> u64 {
        self.subscribers.ticket().0
    }

    fn store_subscribers(&self, ticket: u64, tenant: TenantName, subscribers: Arc<Subscribers>) {
        self.subscribers.insert(Ticket(ticket), tenant, subscribers);
    }
}

struct TtlMap<K, V> {
    entries: RwLock<HashMap<K, (V, Instant)>>,
    /// Invalidations so far.
    generation: AtomicU64,
}

impl<K, V> Default for TtlMap<K, V> {
    fn default() -> Self {
        Self { entries: RwLock::new(HashMap::new()), generation: AtomicU64::new(0) }
    }
}

impl<K: Eq + Hash + Clone, V: Clone> TtlMap<K, V> {
    fn get(&self, key: &K) -> Option<V> {
        let entries = self.entries.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.get(key).filter(|(_, at)| at.elapsed() < TTL).map(|(value, _)| value.clone())
    }

    fn ticket(&self) -> Ticket {
        Ticket(self.generation.load(Ordering::Acquire))
    }

    fn insert(&self, ticket: Ticket, key: K, value: V) {
        let mut entries = self.entries.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Checked under the lock that invalidations take too: none can slip in between.
        if self.generation.load(Ordering::Acquire) != ticket.0 {
            return;
        }
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, (_, at)| at.elapsed() < TTL);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, (value, Instant::now()));
    }

    fn remove_where(&self, doomed: impl Fn(&K) -> bool) {
        let mut entries = self.entries.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.retain(|key, _| !doomed(key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fill_that_started_before_an_invalidation_is_not_stored() {
        let map: TtlMap<&str, i32> = TtlMap::default();
        let before = map.ticket();
        map.remove_where(|k| *k == "a");
        map.insert(before, "a", 1);
        assert_eq!(map.get(&"a"), None, "the value may predate the change");
        map.insert(map.ticket(), "a", 2);
        assert_eq!(map.get(&"a"), Some(2));
        map.remove_where(|_| true);
        assert_eq!(map.get(&"a"), None);
    }
}
