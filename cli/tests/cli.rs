//! The real `backoffice-cli` binary, driven as an operator or cron would: flags only, no terminal.

// A test binary: a failed unwrap in a helper is a failed test, which is what it should be.
#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

struct Cli {
    dir: tempfile::TempDir,
    secret: String,
}

impl Cli {
    fn new() -> Self {
        Self { dir: tempfile::tempdir().unwrap(), secret: "x7Kp2mQ9vR4tW8yZ1bN5cF3hJ6dL0sA-uE".into() }
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_backoffice-cli"))
            .args(args)
            .env_clear()
            .env("DATABASE_URL", format!("sqlite://{}", self.dir.path().display()))
            .env("JWT_SECRET", &self.secret)
            .output()
            .unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(out.status.success(), "{args:?} failed: {}{}", text(&out.stdout), text(&out.stderr));
        text(&out.stdout)
    }

    fn fails(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(!out.status.success(), "{args:?} should fail: {}", text(&out.stdout));
        text(&out.stderr)
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_operator_sets_up_and_manages_tenants_from_the_command_line() {
    let cli = Cli::new();
    let out = cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    assert!(out.contains("operador ops@backoffice.example criado"), "{out}");
    let again = cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    assert!(again.contains("já existe"), "init is safe to re-run: {again}");

    cli.ok(&["tenant", "create", "acme", "--plan", "pro", "--cnpj", "11.222.333/0001-81"]);
    let err = cli.fails(&["tenant", "create", "Acme"]);
    assert!(err.contains("letras minúsculas"), "{err}");
    let err = cli.fails(&["tenant", "create", "acme"]);
    assert!(err.contains("Já existe um tenant"), "{err}");
    let err = cli.fails(&["tenant", "create", "bad", "--cnpj", "11.222.333/0001-82"]);
    assert!(err.contains("CNPJ"), "{err}");

    let list: serde_json::Value = serde_json::from_str(&cli.ok(&["tenant", "list", "--json"])).unwrap();
    let acme = list.as_array().unwrap().iter().find(|t| t["name"] == "acme").expect("acme listed");
    assert_eq!(acme["plan"], "pro");
    assert_eq!(acme["userLimit"], 25);
    assert_eq!(acme["cnpj"], "11222333000181");

    cli.ok(&["tenant", "set-plan", "acme", "--plan", "enterprise", "--user-limit", "3"]);
    cli.ok(&["tenant", "feature", "acme", "campaigns", "off"]);
    let list: serde_json::Value = serde_json::from_str(&cli.ok(&["tenant", "list", "--json"])).unwrap();
    let acme = list.as_array().unwrap().iter().find(|t| t["name"] == "acme").unwrap().clone();
    assert_eq!(acme["plan"], "enterprise");
    assert_eq!(acme["userLimit"], 3);
    let campaigns = acme["features"].as_array().unwrap().iter().find(|f| f["option"] == "campaigns").unwrap().clone();
    assert_eq!(campaigns["enabled"], false);
    let err = cli.fails(&["tenant", "feature", "acme", "teleport", "on"]);
    assert!(err.contains("não existe"), "{err}");

    cli.ok(&["tenant", "delete", "acme"]);
    assert!(!cli.ok(&["tenant", "list"]).contains("acme"));
    assert!(cli.ok(&["tenant", "list", "--deleted"]).contains("excluído"));
    cli.ok(&["tenant", "restore", "acme"]);
    assert!(cli.ok(&["tenant", "list"]).contains("acme"));
}

#[test]
fn a_tenant_is_exported_to_a_file_and_imported_under_another_name() {
    let cli = Cli::new();
    cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    cli.ok(&["tenant", "create", "acme", "--plan", "pro", "--user-limit", "7"]);
    cli.ok(&[
        "user",
        "create",
        "--tenant",
        "acme",
        "--email",
        "ana@acme.example",
        "--name",
        "Ana",
        "--password",
        "Senha#Forte!9",
        "--role",
        "administrador",
    ]);
    let file = cli.dir.path().join("acme.jsonl");
    let file = file.to_str().unwrap();
    let out = cli.ok(&["tenant", "export", "acme", file]);
    assert!(out.contains("exportado para") && out.contains("linhas"), "{out}");
    assert!(!cli.dir.path().join("acme.partial").exists(), "no partial file left");

    let out = cli.ok(&["tenant", "import", "acme-restored", file]);
    assert!(out.contains("tenant \"acme-restored\" importado"), "{out}");
    let list = cli.ok(&["tenant", "list", "--json"]);
    let tenants: serde_json::Value = serde_json::from_str(&list).unwrap();
    let restored = tenants.as_array().unwrap().iter().find(|t| t["name"] == "acme-restored").expect("listed");
    assert_eq!((restored["plan"].as_str(), restored["userLimit"].as_i64()), (Some("pro"), Some(7)));
    let copy = cli.dir.path().join("copy.jsonl");
    cli.ok(&["tenant", "export", "acme-restored", copy.to_str().unwrap()]);
    let copied = std::fs::read_to_string(&copy).unwrap();
    assert!(copied.contains("\"email\":\"ana@acme.example\""), "the user came back");
    assert_eq!(copied.lines().count(), std::fs::read_to_string(file).unwrap().lines().count());

    let err = cli.fails(&["tenant", "import", "acme-restored", file]);
    assert!(err.contains("Já existe um tenant"), "{err}");
    let missing = cli.dir.path().join("nope.jsonl");
    let err = cli.fails(&["tenant", "import", "other", missing.to_str().unwrap()]);
    assert!(err.contains("não foi possível abrir"), "{err}");
    let err = cli.fails(&["tenant", "export", "ghost", file]);
    assert!(err.contains("ghost") || err.contains("não"), "{err}");
}

#[test]
fn users_are_created_within_the_plan_limit() {
    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "loja", "--user-limit", "1"]);
    let user = |email: &str| {
        vec![
            "user",
            "create",
            "--tenant",
            "loja",
            "--email",
            email,
            "--name",
            "Ana Souza",
            "--password",
            "Senha#Forte!9",
            "--role",
            "atendente",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>()
    };
    let err = cli.fails(&[
        "user",
        "create",
        "--tenant",
        "loja",
        "--email",
        "x@loja.example",
        "--name",
        "X",
        "--password",
        "abc12345",
        "--role",
        "atendente",
    ]);
    assert!(err.contains("Senha fraca"), "{err}");
    let args = user("ana@loja.example");
    let out = cli.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.contains("ana@loja.example"), "{out}");
    let args = user("bia@loja.example");
    let err = cli.fails(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(err.contains("Limite de 1 usuários"), "{err}");
}

#[test]
fn migrate_reports_a_broken_tenant_and_exits_non_zero() {
    let cli = Cli::new();
    cli.ok(&["init"]);
    for name in ["um", "dois", "tres"] {
        cli.ok(&["tenant", "create", name]);
    }
    let out = cli.run(&["migrate"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(cli.dir.path().join("tenants/dois.db"), b"garbage, not a database, garbage garbage").unwrap();
    let out = cli.run(&["migrate", "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(" dois] erro"), "{stderr}");
    assert!(stderr.contains(" um] ok") && stderr.contains(" tres] ok"), "{stderr}");
    assert!(text(&out.stdout).contains("3 tenant(s) migrado(s), 1 com erro"), "{}", text(&out.stdout));
}

#[test]
fn bad_configuration_stops_with_the_variable_named() {
    let cli = Cli::new();
    let out = Command::new(env!("CARGO_BIN_EXE_backoffice-cli"))
        .args(["tenant", "list"])
        .env_clear()
        .env("DATABASE_URL", "mysql://nope")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("DATABASE_URL"), "{}", text(&out.stderr));

    let out = Command::new(env!("CARGO_BIN_EXE_backoffice-cli"))
        .args(["tenant", "list"])
        .env_clear()
        .env("DATABASE_URL", format!("sqlite://{}", cli.dir.path().display()))
        .env("JWT_SECRET", "secret")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("JWT_SECRET"), "{}", text(&out.stderr));
}

#[test]
fn commands_before_init_say_what_to_run() {
    let cli = Cli::new();
    let err = cli.fails(&["tenant", "list"]);
    assert!(err.contains("backoffice-cli init"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_tail_prints_the_tenants_events_as_json_lines() {
    use backoffice::{
        config::{Config, DatabaseUrl},
        domain::{
            conversations::events::{CustomerBlacklisted, GroupOfCustomersUpdated},
            events::{Audience, DomainEvent, Publisher},
        },
        startup::Application,
        tenancy::TenantName,
    };

    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "acme"]);
    let admin = [
        "user",
        "create",
        "--tenant",
        "acme",
        "--email",
        "ana@acme.example",
        "--name",
        "Ana",
        "--password",
        "Senha#Forte!9",
        "--role",
        "administrador",
    ];
    cli.ok(&admin);
    assert!(cli.fails(&["events", "tail", "--tenant", "nope"]).contains("nope"), "an unknown tenant is named");
    let stderr = cli.fails(&["events", "tail", "--tenant", "acme", "--email", "ninguem@acme.example"]);
    assert!(stderr.contains("ninguem@acme.example não encontrado"), "{stderr}");

    // The real server, in this process, over the same directory and secret.
    let mut config = Config::for_database(DatabaseUrl::Sqlite { dir: cli.dir.path().to_owned() });
    config.jwt_secret = Some(cli.secret.clone().into());
    config.validate().unwrap();
    let app = Application::build(config).await.unwrap();
    let address = app.local_addr();
    let bus = app.state().bus.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.run_until(async {
        let _ = stopped.await;
    }));

    let tail = tokio::process::Command::new(env!("CARGO_BIN_EXE_backoffice-cli"))
        .args(["events", "tail", "--tenant", "acme", "--url", &format!("http://{address}"), "--count", "2"])
        .env_clear()
        .env("DATABASE_URL", format!("sqlite://{}", cli.dir.path().display()))
        .env("JWT_SECRET", &cli.secret)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while bus.socket_count() == 0 {
        assert!(std::time::Instant::now() < deadline, "events tail never connected");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let acme = TenantName::parse("acme").unwrap();
    let beta = TenantName::parse("beta").unwrap();
    bus.publish(&beta, GroupOfCustomersUpdated { group_id: 1, name: None, members: 0 }.to(Audience::everyone()));
    bus.publish(&acme, GroupOfCustomersUpdated { group_id: 7, name: None, members: 0 }.to(Audience::everyone()));
    bus.publish(&acme, CustomerBlacklisted { customer_id: 3, blacklisted: true }.to(Audience::everyone()));

    let output =
        tokio::time::timeout(std::time::Duration::from_secs(20), tail.wait_with_output()).await.unwrap().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lines: Vec<serde_json::Value> =
        text(&output.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        lines,
        vec![
            serde_json::json!({ "event": "GroupOfCustomersUpdated", "group_id": 7, "name": null, "members": 0 }),
            serde_json::json!({ "event": "CustomerBlacklisted", "customer_id": 3, "blacklisted": true }),
        ],
        "acme's events in order, beta's not, no pong"
    );
    assert!(text(&output.stderr).contains("conectado ao tenant \"acme\" como ana@acme.example"));
    let _ = stop.send(());
}

#[test]
fn analytics_sync_and_verify_sheets_export_and_users_import_run_from_cron_like_calls() {
    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "acme", "--plan", "pro", "--user-limit", "20"]);
    cli.ok(&["seed", "demo", "--tenant", "acme", "--customers", "30", "--days", "5", "--agents", "3"]);

    let out = cli.run(&["analytics", "sync", "--all", "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stderr);
    assert!(lines.contains("[1/2]") && lines.contains("[2/2] acme") && lines.contains("recálculo completo"), "{lines}");
    let out = cli.ok(&["analytics", "verify", "--tenant", "acme"]);
    assert!(out.contains("agregados conferem"), "{out}");
    let err = cli.fails(&["analytics", "sync", "--tenant", "acme", "--from", "2026-02-01", "--to", "2026-01-01"]);
    assert!(err.contains("anterior"), "{err}");

    let today = chrono::Utc::now().date_naive();
    let from = (today - chrono::Duration::days(6)).to_string();
    let (to, file) = (today.to_string(), cli.dir.path().join("pedidos.xlsx"));
    let out = cli.ok(&[
        "sheets",
        "export",
        "orders",
        "--tenant",
        "acme",
        "--from",
        &from,
        "--to",
        &to,
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.contains("linha(s) de Pedidos"), "{out}");
    let book: calamine::Xlsx<_> = calamine::open_workbook(&file).unwrap();
    use calamine::Reader as _;
    assert_eq!(book.sheet_names(), vec!["Pedidos", "Sobre"]);
    let err = cli.fails(&["sheets", "export", "invoices", "--tenant", "acme", "--from", &from, "--to", &to, "-o", "x"]);
    assert!(err.contains("planilha desconhecida"), "{err}");

    let sheet = cli.dir.path().join("usuarios.xlsx");
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let page = workbook.add_worksheet();
    let rows = [
        ["nome", "email", "senha", "perfil", "departamento"],
        ["Carla Dias", "carla@acme.example", "Senha#Forte!9", "atendente", ""],
        ["Davi Lima", "davi@acme.example", "123", "atendente", ""],
        ["Eva Rocha", "eva@acme.example", "Senha#Forte!9", "gerente", ""],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            page.write_string(r as u32, c as u16, *value).unwrap();
        }
    }
    workbook.save(&sheet).unwrap();
    let out = cli.run(&["users", "import", "--tenant", "acme", sheet.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "rows failed: exit 1");
    let report = text(&out.stdout);
    assert!(report.contains("linha 2: carla@acme.example criado"), "{report}");
    assert!(report.contains("linha 3: não importada") && report.contains("Senha fraca"), "{report}");
    assert!(report.contains("linha 4: não importada"), "{report}");
    assert!(report.contains("1 criado(s), 2 com erro"), "{report}");
    let err = cli.fails(&["users", "import", "--tenant", "acme", file.to_str().unwrap()]);
    assert!(err.contains("falta a coluna"), "{err}");
}

#[test]
fn campaigns_are_paused_resumed_and_cancelled_and_webhooks_replayed_from_the_command_line() {
    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "acme", "--plan", "pro"]);
    cli.ok(&["seed", "demo", "--tenant", "acme", "--customers", "40", "--days", "5", "--agents", "2"]);

    let listed: serde_json::Value =
        serde_json::from_str(&cli.ok(&["campaigns", "list", "--tenant", "acme", "--json"])).unwrap();
    let by_status = |status: &str| {
        listed.as_array().unwrap().iter().find(|c| c["status"] == status).unwrap_or_else(|| panic!("{listed}")).clone()
    };
    let (running, scheduled) = (by_status("running"), by_status("scheduled"));
    let running_id = running["id"].as_i64().unwrap().to_string();
    let table = cli.ok(&["campaigns", "list", "--tenant", "acme", "--status", "running"]);
    assert!(table.contains("Lançamento Coleção Verão") && !table.contains("Reativação Atacado"), "{table}");

    let out = cli.ok(&["campaigns", "pause", "--tenant", "acme", &running_id]);
    assert!(out.contains("pausada") && out.contains("pendentes"), "{out}");
    let err = cli.fails(&["campaigns", "pause", "--tenant", "acme", &running_id]);
    assert!(err.contains("pausar"), "a paused campaign is not paused twice: {err}");
    let paused: serde_json::Value =
        serde_json::from_str(&cli.ok(&["campaigns", "list", "--tenant", "acme", "--status", "paused", "--json"]))
            .unwrap();
    assert_eq!(paused[0]["id"], running["id"], "{paused}");
    assert!(cli.ok(&["campaigns", "resume", "--tenant", "acme", &running_id]).contains("retomada"));
    let out = cli.ok(&["campaigns", "cancel", "--tenant", "acme", &scheduled["id"].to_string()]);
    assert!(out.contains("cancelada"), "{out}");
    let err = cli.fails(&["campaigns", "resume", "--tenant", "acme", "999999"]);
    assert!(err.contains("não encontrada"), "{err}");

    let endpoints = cli.ok(&["webhooks", "list", "--tenant", "acme", "--json"]);
    assert!(endpoints.contains("hooks.example.com") && !endpoints.contains("whsec_"), "no secret: {endpoints}");
    let out = cli.ok(&["webhooks", "replay", "--tenant", "acme", "--type", "read", "--type", "failed"]);
    let queued = |kind: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with(&format!("{kind}: "))).unwrap_or_else(|| panic!("{out}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    assert!(queued("read") > 0, "the seeded reads are replayed: {out}");
    assert!(out.contains(&format!("{} webhook(s)", queued("read") + queued("failed"))), "{out}");
    let err = cli.fails(&["webhooks", "replay", "--tenant", "acme", "--type", "lido"]);
    assert!(err.contains("tipo desconhecido"), "{err}");
    let err = cli.fails(&[
        "webhooks",
        "replay",
        "--tenant",
        "acme",
        "--type",
        "read",
        "--from",
        "2026-02-01",
        "--to",
        "2026-01-01",
    ]);
    assert!(err.contains("anterior"), "{err}");
    let out = cli.ok(&["webhooks", "enable", "--tenant", "acme", "1"]);
    assert!(out.contains("ativado"), "{out}");
}

#[cfg(unix)]
#[test]
fn a_tenant_export_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let cli = Cli::new();
    cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    cli.ok(&["tenant", "create", "acme"]);
    let file = cli.dir.path().join("acme.jsonl");
    // An older, world-readable export at the same path is replaced, not reused.
    std::fs::write(&file, "old").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    cli.ok(&["tenant", "export", "acme", file.to_str().unwrap()]);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "like jwt_secret and secrets_key: {mode:o}");
}

#[test]
fn a_tenant_name_longer_than_56_characters_is_refused_before_anything_is_created() {
    let cli = Cli::new();
    cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    let longest = "a".repeat(56);
    let err = cli.fails(&["tenant", "create", &format!("{longest}b")]);
    assert!(err.contains("de 2 a 56 caracteres"), "{err}");
    cli.ok(&["tenant", "create", &longest]);
    let file = cli.dir.path().join("longest.jsonl");
    cli.ok(&["tenant", "export", &longest, file.to_str().unwrap()]);
    let err = cli.fails(&["tenant", "import", &format!("{longest}c"), file.to_str().unwrap()]);
    assert!(err.contains("de 2 a 56 caracteres"), "{err}");
    let list: serde_json::Value = serde_json::from_str(&cli.ok(&["tenant", "list", "--json"])).unwrap();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names.iter().filter(|n| n.len() > 56).count(), 0, "{names:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_simulator_speaks_each_kinds_wire_format_and_the_inbox_fills() {
    use backoffice::{
        config::{Config, DatabaseUrl},
        startup::Application,
    };
    use serde_json::{Value, json};

    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "acme"]);
    cli.ok(&[
        "user",
        "create",
        "--tenant",
        "acme",
        "--email",
        "ana@acme.example",
        "--name",
        "Ana",
        "--password",
        "Senha#Forte!9",
        "--role",
        "administrador",
    ]);
    // The simulator's address is fixed before the server starts: the server's Graph API is there.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let simulator = free.local_addr().unwrap();
    drop(free);
    let graph = format!("http://{simulator}/graph");
    let mut config = Config::for_database(DatabaseUrl::Sqlite { dir: cli.dir.path().to_owned() });
    config.jwt_secret = Some(cli.secret.clone().into());
    config.allow_private_providers = true;
    config.graph_api_url = graph.clone();
    config.validate().unwrap();
    let app = Application::build(config).await.unwrap();
    let server = format!("http://{}", app.local_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.run_until(async {
        let _ = stopped.await;
    }));
    let http = reqwest::Client::new();
    let call = |method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>| {
        let mut request = http.request(method, format!("{server}{path}")).header("host", "acme.localhost");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let login = json!({ "email": "ana@acme.example", "password": "Senha#Forte!9" });
    let (status, session) = call(reqwest::Method::POST, "/api/auth/login", None, Some(login)).await;
    assert_eq!(status, 200, "{session}");
    let token = session["access_token"].as_str().unwrap().to_owned();
    for name in ["Contrato", "Oficial", "Gateway"] {
        let (status, created) =
            call(reqwest::Method::POST, "/api/instance", Some(&token), Some(json!({ "name": name }))).await;
        assert_eq!(status, 201, "{created}");
    }

    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_backoffice-cli"))
        // 20 a second for 7 s: about 47 messages per kind, a fifth of their people hiding their
        // phone — at 10 a second a run with no username on one kind came once in CI (0.8^23).
        .args(["simulate", "--tenant", "acme", "--kinds", "generic,cloud,evolution", "--rate", "20"])
        .args(["--duration", "7", "--listen", &simulator.to_string(), "--url", &server])
        .env_clear()
        .env("DATABASE_URL", format!("sqlite://{}", cli.dir.path().display()))
        .env("JWT_SECRET", &cli.secret)
        .env("GRAPH_API_URL", &graph)
        .env("ALLOW_PRIVATE_PROVIDERS", "true")
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(std::time::Duration::from_secs(60), run).await.unwrap().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));

    // Each instance took its kind and came up: the official number tested against the simulated
    // Graph API, the gateway number paired by its QR code.
    let (_, instances) = call(reqwest::Method::GET, "/api/instance", Some(&token), None).await;
    let mut kinds: Vec<(String, String)> = instances
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["providerKind"].as_str().unwrap().to_owned(), i["status"].as_str().unwrap().to_owned()))
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [("cloud", "connected"), ("evolution", "connected"), ("generic", "connected")]
            .map(|(k, s)| (k.to_owned(), s.to_owned()))
            .to_vec(),
        "{}",
        text(&output.stderr)
    );
    // Customers wrote to all three in their formats; some hid their phone behind a username.
    let (_, pending) = call(reqwest::Method::GET, "/api/tickets?status=pending&limit=100", Some(&token), None).await;
    let mut reached: Vec<i64> =
        pending["data"].as_array().unwrap().iter().map(|t| t["instance"]["id"].as_i64().unwrap()).collect();
    reached.sort_unstable();
    reached.dedup();
    assert_eq!(reached.len(), 3, "every kind opened tickets: {pending}");
    let (_, customers) = call(reqwest::Method::GET, "/api/customers?limit=100", Some(&token), None).await;
    let addresses: Vec<&str> =
        customers["data"].as_array().unwrap().iter().map(|c| c["phone"].as_str().unwrap()).collect();
    assert!(
        addresses.iter().any(|a| a.starts_with("BR.")),
        "a username's id reached the official number: {addresses:?}"
    );
    assert!(addresses.iter().any(|a| a.ends_with("@lid")), "a LID reached the gateway: {addresses:?}");
    let _ = stop.send(());
}

#[test]
fn a_subject_report_a_legal_hold_and_an_erasure_run_from_the_command_line_and_are_on_the_audit_log() {
    let cli = Cli::new();
    cli.ok(&["init", "--operator-email", "ops@backoffice.example", "--operator-password", "Senha#Forte!9"]);
    cli.ok(&["seed", "demo", "--tenant", "acme", "--customers", "5", "--days", "3", "--agents", "1"]);
    let zip = cli.dir.path().join("titular.zip");
    let out = cli.ok(&["privacy", "report", "--tenant", "acme", "--customer", "1", "-o", zip.to_str().unwrap()]);
    assert!(out.contains("relatório do titular 1") && out.contains("mensagem"), "{out}");
    let bytes = std::fs::read(&zip).unwrap();
    assert_eq!(&bytes[..2], b"PK", "a zip");

    cli.ok(&["privacy", "hold", "--tenant", "acme", "--customer", "1", "--reason", "Processo 123"]);
    let err = cli.fails(&["privacy", "erase", "--tenant", "acme", "--customer", "1", "--yes"]);
    assert!(err.contains("Processo 123"), "{err}");
    cli.ok(&["privacy", "hold", "--tenant", "acme", "--customer", "1", "--lift"]);
    let out = cli.run(&["privacy", "erase", "--tenant", "acme", "--customer", "1"]);
    assert_eq!(out.status.code(), Some(2), "nothing without --yes");
    let out = cli.ok(&["privacy", "erase", "--tenant", "acme", "--customer", "1", "--yes"]);
    assert!(out.contains("cliente 1 de acme anonimizado"), "{out}");
    let err = cli.fails(&["privacy", "erase", "--tenant", "acme", "--customer", "1", "--yes"]);
    assert!(err.contains("já foi anonimizado"), "{err}");

    // Each step is on the company's audit log (the export carries it), as the command line's.
    let file = cli.dir.path().join("acme.jsonl");
    cli.ok(&["tenant", "export", "acme", file.to_str().unwrap()]);
    let exported = std::fs::read_to_string(&file).unwrap();
    for action in ["cli_privacy_report", "cli_privacy_hold", "cli_privacy_erase"] {
        assert!(exported.contains(action), "{action} recorded");
    }
    assert!(exported.contains("backoffice-cli (operador)"));
    // Operators' changes to a company are on the operators' own log.
    cli.ok(&["tenant", "feature", "acme", "campaigns", "off"]);
    let ops = cli.dir.path().join("ops.jsonl");
    cli.ok(&["tenant", "export", "backoffice", ops.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&ops).unwrap().contains("tenant feature acme campaigns off"));
}
