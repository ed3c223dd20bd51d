//! Matching what a customer typed to a menu option, leniently (docs/bot.md#answers): the option's
//! number ("2", "2)", "opção 2", "2️⃣"), or its words — accents, case and punctuation ignored,
//! small words skipped — in either direction ("financeiro" picks "Financeiro e boletos"; "quero
//! falar com um atendente" picks "Falar com atendente"). Two options matching equally well is no
//! match: the bot asks again rather than guess.

/// Words too small to tell options apart.
const STOPWORDS: [&str; 16] =
    ["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "um", "uma", "com", "para", "pra", "por"];

/// Lower case, without accents, letters and digits only, single spaces.
pub fn normalize(text: &str) -> String {
    crate::domain::text::fold(text)
}

fn significant(normalized: &str) -> Vec<&str> {
    normalized.split(' ').filter(|w| !w.is_empty() && !STOPWORDS.contains(w)).collect()
}

/// The index of the option `input` chooses among `labels` (in menu order), if exactly one.
pub fn choose<'a>(labels: impl IntoIterator<Item = &'a str>, input: &str) -> Option<usize> {
    let labels: Vec<String> = labels.into_iter().map(normalize).collect();
    let text = normalize(input);
    if text.is_empty() {
        return None;
    }
    let words: Vec<&str> = text.split(' ').collect();
    // A number among a few words is the option's number ("opção 2", "2 por favor").
    let numbers: Vec<usize> = words.iter().filter_map(|w| w.parse::<usize>().ok()).collect();
    if words.len() <= 4 && numbers.len() == 1 {
        let n = numbers[0];
        return (1..=labels.len()).contains(&n).then(|| n - 1);
    }
    if let Some(exact) = labels.iter().position(|l| *l == text) {
        return Some(exact);
    }
    let typed = significant(&text);
    if typed.is_empty() {
        return None;
    }
    let matches: Vec<usize> = labels
        .iter()
        .enumerate()
        .filter(|(_, label)| {
            let label_words = significant(label);
            !label_words.is_empty()
                && (label_words.iter().all(|w| typed.contains(w)) || typed.iter().all(|w| label_words.contains(w)))
        })
        .map(|(i, _)| i)
        .collect();
    match matches.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MENU: [&str; 4] =
        ["Financeiro e boletos", "Suporte técnico", "Horário de funcionamento", "Falar com atendente"];

    #[test]
    fn numbers_pick_their_option_in_many_spellings() {
        for typed in ["1", " 1 ", "1)", "opção 1", "Opcao 1!", "1️⃣", "1 por favor"] {
            assert_eq!(choose(MENU, typed), Some(0), "{typed}");
        }
        assert_eq!(choose(MENU, "4"), Some(3));
        assert_eq!(choose(MENU, "5"), None, "no fifth option");
        assert_eq!(choose(MENU, "0"), None);
    }

    #[test]
    fn words_pick_their_option_with_accents_and_case_ignored() {
        assert_eq!(choose(MENU, "FINANCEIRO"), Some(0));
        assert_eq!(choose(MENU, "suporte tecnico"), Some(1));
        assert_eq!(choose(MENU, "horario"), Some(2));
        assert_eq!(choose(MENU, "quero falar com atendente agora"), Some(3));
        assert_eq!(choose(MENU, "Falar com atendente."), Some(3));
    }

    #[test]
    fn unclear_answers_match_nothing() {
        assert_eq!(choose(MENU, "oi"), None);
        assert_eq!(choose(MENU, ""), None);
        assert_eq!(choose(MENU, "?!"), None);
        assert_eq!(choose(["Suporte vendas", "Suporte técnico"], "suporte"), None, "ambiguous");
        assert_eq!(choose(MENU, "meu pedido 12345 não chegou até hoje"), None, "a number in a sentence");
    }

    #[test]
    fn normalizing_drops_accents_punctuation_and_case() {
        assert_eq!(normalize("  Olá, João!  Ação? "), "ola joao acao");
    }
}
