#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// Minimal pairs (contrastive translation pairs, Sennrich 2017; the method of
// LingEval97 and ContraPro): a sentence's reference translation beside a copy
// with one thing made wrong — the negation taken out or put in, a number the
// source holds changed, a verb's number swapped, a word copied from the source
// swapped for another. A model that knows the phenomenon gives the reference
// the higher probability. The pairs are made by rules from a test set's
// references (each kind only where the source supports it: a negation is
// deleted only where the Vietnamese has one too) or read from a file of the
// user's own. This part is text alone (the rules in MinimalPairs.cpp, the
// pairs file and the tallies in MinimalPairTallies.cpp); PairScoring.h scores them.
namespace studio::model {

enum class MinimalPairKind {
  Polarity,   // the reference's negation deleted, or "not" put after its first auxiliary
  Numbers,    // a number copied from the source changed in its last digit
  Agreement,  // is/are, was/were, has/have swapped: the verb's number wrong
  Names,      // a word copied from the source as it is (a name, a command) swapped for another line's
  // Placeholders (printf's %s, Qt's %1, {0}): two of the source's swapped in order, or one changed for
  // another the source does not hold (%s -> %d): what breaks a translated program's messages.
  Placeholders,
};

const std::vector<MinimalPairKind>& allMinimalPairKinds();
std::string toString(MinimalPairKind kind);  // "polarity", "numbers", "agreement", "names", "placeholders"
// Throws std::invalid_argument naming the kinds there are.
MinimalPairKind minimalPairKindFromString(const std::string& name);
// "polarity,numbers" -> kinds, each once; "all" -> every kind.
std::vector<MinimalPairKind> minimalPairKindsFromList(const std::string& list);

struct MinimalPair {
  size_t line = 0;  // 1-based: of the source and reference files, or of the pairs file
  // A kind's name ("polarity (deleted)" and "polarity (added)" apart: the
  // wrong side is a piece shorter or longer), or the pairs file's own label.
  std::string kind;
  std::string source;  // the sentence
  std::string right;   // the translation that is right (the reference)
  std::string wrong;   // the copy with one thing made wrong
  std::string
      change;  // what was made wrong: "not deleted", "5 → 6", "is → are" (empty when read from a file)
};

// The wrong copy of `reference` that the rule of `kind` makes, and what it
// changed; nullopt where the rule does not apply to this pair. `others` are
// words copied in other lines (Names takes the first that this pair holds on
// neither side).
struct MinimalChange {
  std::string wrong, change;
  std::string variant;  // Polarity: "deleted" or "added"
};
std::optional<MinimalChange> minimalChange(MinimalPairKind kind, const std::string& source,
                                           const std::string& reference,
                                           const std::vector<std::string>& others = {});

// The placeholders of a text, in order, as [begin, end) bytes: printf's
// conversions (%s, %lu, %.250s, %1$s; not %%), Qt's %1 to %99, and braces
// around a name or a number or nothing ({0}, {name}, {}).
std::vector<std::pair<size_t, size_t>> placeholderSpans(const std::string& text);

// The words of `reference` that `source` holds too, written alike: three
// characters or more of ASCII letters, digits, '.', '-' and '_', at least one a
// letter, each a whole word on both sides once its punctuation is trimmed.
std::vector<std::string> copiedWords(const std::string& source, const std::string& reference);

// The pairs the rules make of line-aligned sources and references, at most
// one of each kind a line: kind by kind in the order given (Polarity's deleted
// negations before its added ones), each in line order. Throws
// std::invalid_argument when the counts differ.
std::vector<MinimalPair> makeMinimalPairs(const std::vector<std::string>& sources,
                                          const std::vector<std::string>& references,
                                          const std::vector<MinimalPairKind>& kinds);

// A file of the user's own pairs, a line each: SOURCE<TAB>RIGHT<TAB>WRONG, and
// a fourth field, the kind (any label; "yours" when left out). Blank lines are
// skipped. Throws std::runtime_error naming the file and line: a line of other
// fields, an empty field, RIGHT the same as WRONG, text that is not UTF-8; and
// a file without a pair.
std::vector<MinimalPair> readMinimalPairs(const std::string& path);
// `pairs` in that form (the kind written), to read again.
std::string minimalPairsTsv(const std::vector<MinimalPair>& pairs);

// What a model gave the two sides of a pair.
struct MinimalPairOutcome {
  bool scored = false;  // false: a side longer than the model's positions (`why`)
  std::string why;
  double right = 0.0, wrong = 0.0;  // log-probabilities of the whole translations, the end included
  double margin() const { return right - wrong; }
  bool preferred() const { return scored && right > wrong; }  // the right side the likelier
};

// A kind's pairs summed up.
struct MinimalPairTally {
  std::string kind;  // "all" for the whole set
  size_t pairs = 0, scored = 0, preferred = 0;
  double mean_margin = 0.0;      // of the scored pairs
  double low = 0.0, high = 0.0;  // Wilson's 95 % interval of the share preferred
  double share() const { return scored ? double(preferred) / double(scored) : 0.0; }
};

// A tally a kind, in the order the kinds first come, then "all" (when there
// are two kinds or more). Throws std::invalid_argument when the counts differ.
std::vector<MinimalPairTally> tallyMinimalPairs(const std::vector<MinimalPair>& pairs,
                                                const std::vector<MinimalPairOutcome>& outcomes);

// Two models on the same pairs, kind by kind (then "all", as tallyMinimalPairs):
// the pairs both scored, how many each passed, how many one passed and the
// other failed, and McNemar's exact test of those discordant pairs (the
// two-sided p of a split at least that uneven if either model were as likely
// to be the one that passes).
struct MinimalPairComparison {
  std::string kind;
  size_t pairs = 0;              // scored by both
  size_t first = 0, second = 0;  // passed by each
  size_t only_first = 0, only_second = 0;
  double p = 1.0;
};
std::vector<MinimalPairComparison> compareMinimalPairs(const std::vector<MinimalPair>& pairs,
                                                       const std::vector<MinimalPairOutcome>& first,
                                                       const std::vector<MinimalPairOutcome>& second);
// McNemar's exact (binomial) two-sided p for `b` discordant pairs one way and `c` the other; 1 for none.
double mcnemarExactP(size_t b, size_t c);

// Wilson's score interval of a share of `successes` in `trials` (z = 1.96:
// 95 %); {0, 1} for no trials.
std::pair<double, double> wilsonInterval(size_t successes, size_t trials, double z = 1.959963984540054);

}  // namespace studio::model
