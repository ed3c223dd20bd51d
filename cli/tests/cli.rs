//! The real `backoffice-cli` binary, driven as an operator or cron would: flags only, no terminal.

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
fn users_are_created_within_the_plan_limit() {
    let cli = Cli::new();
    cli.ok(&["init"]);
    cli.ok(&["tenant", "create", "loja", "--user-limit", "1"]);
    let user = |email: &str| {
        vec![
            "user", "create", "--tenant", "loja", "--email", email, "--name", "Ana Souza", "--password", "Senha#Forte!9",
            "--role", "atendente",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>()
    };
    let err = cli.fails(&[
        "user", "create", "--tenant", "loja", "--email", "x@loja.example", "--name", "X", "--password", "abc12345",
        "--role", "atendente",
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
