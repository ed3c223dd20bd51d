#!/usr/bin/env bash
# Replaces citations of documents outside the repository (the product specification, "spec SN",
# the design document, "DESIGN SN" / "DESIGN.md SN", and STYLE.md; S being the section sign) in the
# Rust and shell sources with pointers into docs/ (and the two READMEs), so every comment points at
# something the repository holds. Idempotent: a second run finds nothing to do.
#
#   bash .ci/replace-doc-refs.sh [--check] [ROOT]
#
#   ROOT     the repository to rewrite (default: the one this script is in)
#   --check  change nothing; list what would change and exit 1 if anything would
#
# Scope: server/ cli/ tests/ bench/ control-migrations/ tenant-migrations/ deploy/ .ci/ (not web/,
# not docs/, not this script). Forms handled: "spec S7", "(spec S8)", "spec S5/S8", "spec S6, S7",
# "spec SS2, 6", "spec S4-S8" (ranges, hyphen or en dash), "DESIGN S4", "DESIGN.md S2",
# "DESIGN S6 / spec S7", "/work/shared/DESIGN.md S2", a citation broken over two comment lines,
# and "STYLE.md" (optionally "STYLE.md habit N"). Any other section sign (e.g. a standard's
# "BCP S4.14") becomes "section 4.14". The section sign itself is written as a byte escape here so
# that this file never contains one.
set -euo pipefail

check=0
root=""
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "unknown option: $arg" >&2; exit 2 ;;
    *) root="$arg" ;;
  esac
done
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "${root:-$script_dir/..}" && pwd)"
self="$root/.ci/$(basename "${BASH_SOURCE[0]}")"

dirs=()
for d in server cli tests bench control-migrations tenant-migrations deploy .ci; do
  [ -d "$root/$d" ] && dirs+=("$root/$d")
done
[ ${#dirs[@]} -gt 0 ] || { echo "no source directories under $root" >&2; exit 2; }

section=$'\xc2\xa7'
mapfile -d '' files < <(
  LC_ALL=C grep -rIlZ -E --exclude-dir=target --exclude-dir=node_modules --exclude-dir=.git \
    -e "$section" -e 'STYLE\.md' "${dirs[@]}" || true
)
todo=()
for f in "${files[@]}"; do
  [ "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" = "$self" ] || todo+=("$f")
done

if [ ${#todo[@]} -eq 0 ]; then
  echo "replace-doc-refs: nothing to replace under $root"
  exit 0
fi

LC_ALL=C CHECK="$check" ROOT="$root" perl -e '
use strict;
use warnings;

my %SPEC = (
  1 => "docs/contracts.md#product",
  2 => "docs/contracts.md#screens-and-routes",
  3 => "docs/contracts.md#entities-and-storage-keys",
  4 => "docs/contracts.md#states-and-transitions",
  5 => "docs/contracts.md#password-strength",
  6 => "docs/contracts.md#roles-and-route-permissions",
  7 => "docs/contracts.md#api-calls",
  8 => "docs/auth.md#the-401-contract",
  9 => "docs/contracts.md#constants",
);
my %DESIGN = (
  1  => "docs/contracts.md#product",
  2  => "docs/tenancy.md",
  3  => "docs/contracts.md#plans-features-and-limits",
  4  => "docs/auth.md",
  5  => "docs/contracts.md#roles-and-route-permissions",
  6  => "docs/contracts.md#api-conventions",
  7  => "docs/realtime.md",
  8  => "docs/data-model.md",
  9  => "web/README.md",
  10 => "README.md#configuration",
  11 => "docs/testing.md",
  12 => "README.md#operator-cli",
  13 => "docs/contracts.md#background-work-caches-and-aggregates",
);

my $S    = qr/\xC2\xA7/;                                   # the section sign (UTF-8)
my $DASH = qr/(?:-|\xE2\x80\x93|\xE2\x80\x94)/;            # hyphen, en dash, em dash
# An optional line break inside a comment, with the next line'"'"'s comment marker.
my $CONT = qr{(?:[ \t]*\r?\n[ \t]*(?://[!/]?|\#|\*|--)?[ \t]*)?};
my $N    = qr/\d+(?:\.\d+)*(?![\d])/;
my $KW   = qr{`?(?:(?:/work/)?shared/)?(?i:spec(?:/[\w.-]+\.txt)?|specification|design(?:\.md)?)`?};
my $LIST = qr{[ \t]*(?:,|/|&|\band\b|\bor\b|$DASH)[ \t]*$CONT};
# One citation: single sign (each further number needs its own sign, except after a dash: a range)
# or double sign (bare numbers may follow).
my $CIT  = qr{
  (?<![\w/.-]) $KW [ \t]* $CONT
  (?: $S$S [ \t]* $N (?: $LIST (?: $S [ \t]* )? $N )*
    | $S [ \t]* $N (?: $LIST $S [ \t]* $N | [ \t]* $DASH [ \t]* (?: $S [ \t]* )? $N )*
  )
}x;
my $CHAIN = qr{ $CIT (?: [ \t]* (?:/|,|;|&|\band\b|\bor\b) [ \t]* $CONT $CIT )* }x;

my ($groups, $refs, $styles, $others, $changed_files) = (0, 0, 0, 0, 0);
my @problems;

sub join_targets {
  my @t = @_;
  return $t[0] if @t == 1;
  return "$t[0] and $t[1]" if @t == 2;
  return join(", ", @t[0 .. $#t - 1]) . " and $t[-1]";
}

sub expand_chain {
  my ($text, $where) = @_;
  my @targets;
  my $cits = 0;
  # Split the chain at each keyword; each piece is one citation.
  my @pieces = split /(?=(?<![\w\/.-])$KW[ \t]*$CONT$S)/, $text;
  for my $piece (@pieces) {
    next unless $piece =~ /$S/;
    $piece =~ s/\A[^\xC2]*?($KW)//;       # drop any separator before the keyword, keep the keyword
    my $kw = lc($1 // "");
    $kw =~ s/[`]//g;
    my $map = $kw =~ /design/ ? \%DESIGN : \%SPEC;
    my $name = $kw =~ /design/ ? "DESIGN" : "spec";
    my ($prev, @nums);
    while ($piece =~ /\G(.*?)(\d+)(?:\.\d+)*(?!\d)/gs) {
      my ($between, $n) = ($1, $2);
      if (defined $prev && $between =~ /$DASH/ && $n > $prev && $n - $prev < 20) {
        push @nums, ($prev + 1) .. $n;
      } else {
        push @nums, $n;
      }
      $prev = $n;
    }
    for my $n (@nums) {
      my $t = $map->{$n};
      unless (defined $t) {
        push @problems, "$where: no docs section for $name section $n; left as is";
        return undef;
      }
      push @targets, $t;
      $refs++;
    }
    $cits++;
  }
  # Drop repeats, and a bare file when a section of the same file is also named.
  my %seen;
  my @unique = grep { !$seen{$_}++ } @targets;
  my %anchored = map { (split /#/)[0] => 1 } grep { /#/ } @unique;
  @unique = grep { /#/ || !$anchored{$_} } @unique;
  $groups += $cits;
  return join_targets(@unique);
}

sub style_target {
  my ($file, $line) = @_;
  return "docs/testing.md" if $file =~ m{(?:^|/)tests/} || $line =~ /\btests?\b|\btesting\b/i;
  return "web/README.md#layout" if $line =~ /\bweb\b|front[ -]?end|React|Mantine/i;
  return "docs/contracts.md#api-conventions";
}

my $root = $ENV{ROOT};
for my $file (@ARGV) {
  open my $in, "<:raw", $file or die "$file: $!";
  my $orig = do { local $/; <$in> };
  close $in;
  my $text = $orig;
  (my $rel = $file) =~ s{^\Q$root\E/}{};

  # 1. spec / DESIGN citations, whole chains at a time.
  my $src = $text;
  $text =~ s{($CHAIN)}{
    my $m = $1;
    my $line = 1 + (() = substr($src, 0, $-[0]) =~ /\n/g);
    my $r = expand_chain($m, "$rel:$line");
    defined $r ? $r : $m;
  }ge;

  # 2. STYLE.md (the house style guide).
  $src = $text;
  $text =~ s{(?<![\w/.-])`?(?:(?:/work/)?shared/)?STYLE\.md`?(?:[ \t]+(?i:habit|h\xC3\xA1bito|item|rule)[ \t]+\d+|[ \t]*$S[ \t]*\d+)?}{
    my $start = $-[0];
    my $bol = rindex($src, "\n", $start) + 1;
    my $eol = index($src, "\n", $start);
    $eol = length($src) if $eol < 0;
    $styles++;
    style_target($rel, substr($src, $bol, $eol - $bol));
  }ge;

  # 3. Any other section sign: a standard or RFC section, spelled out.
  $text =~ s{($S$S?)[ \t]*(\d+(?:\.\d+)*)}{
    $others++;
    (length($1) > 2 ? "sections " : "section ") . $2;
  }ge;

  # 4. Anything left cannot be rewritten safely: report it.
  my $ln = 0;
  for my $l (split /\n/, $text, -1) {
    $ln++;
    push @problems, "$rel:$ln: section sign left: $l" if $l =~ /$S/;
  }

  next if $text eq $orig;
  $changed_files++;
  if ($ENV{CHECK}) {
    my @a = split /\n/, $orig, -1;
    my @b = split /\n/, $text, -1;
    if (@a == @b) {
      for my $i (0 .. $#a) {
        next if $a[$i] eq $b[$i];
        print "$rel:", $i + 1, ":\n  - $a[$i]\n  + $b[$i]\n";
      }
    } else {
      print "$rel: would change (lines joined)\n";
    }
  } else {
    open my $out, ">:raw", $file or die "$file: $!";
    print {$out} $text;
    close $out or die "$file: $!";
  }
}

my $verb = $ENV{CHECK} ? "would replace" : "replaced";
print "replace-doc-refs: $verb $groups spec/DESIGN citations ($refs section references), ",
      "$styles STYLE.md citations, $others other section signs, in $changed_files files\n";
print STDERR "replace-doc-refs: $_\n" for @problems;
exit(@problems ? 3 : ($ENV{CHECK} && $changed_files ? 1 : 0));
' "${todo[@]}"
