#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Text a translation must carry over as typed: web addresses, e-mail
// addresses, file paths, the placeholders of software strings (%s, %1$d,
// {name}, $HOME), numbers, and words with characters the model's vocabulary
// cannot write (another script, an emoji). A model mangles them now and then
// ("nguyen.van.a@gmail.com" as "yeny.van.a@g.com"); with verbatim kinds on,
// Translator::translate decodes again, with each span as a constraint
// (ConstrainedSearch.h), every sentence whose free translation lost one, and
// writes the span's own text where its pieces landed.
namespace studio::model {

// The kinds, as bits of a set.
enum VerbatimKind : unsigned {
  kVerbatimUrl = 1u << 0,    // http(s)://…, ftp://…, file://…, www.…
  kVerbatimEmail = 1u << 1,  // name@example.org
  kVerbatimPath = 1u << 2,   // /etc/fstab (ASCII from the root), ~/notes.txt, ./run.sh, ../x, C:\Windows
  kVerbatimPlaceholder = 1u << 3,  // printf's %s %5.2f %1$s %(name)s, Qt's %1, {0} {name}, $HOME ${HOME}
  kVerbatimNumber = 1u << 4,       // 42, 1.01, 12,5, 1.234.567, 10:30, 29/11/2026
  kVerbatimUnwritable = 1u << 5,   // a word with a character the vocabulary makes <unk> (not a Latin letter)
};
inline constexpr unsigned kVerbatimAll = (1u << 6) - 1;

class VerbatimError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// "all", "none", or kinds separated by commas: url, email, path,
// placeholder, number, unwritable. Throws VerbatimError naming the word
// that is none of them.
unsigned parseVerbatimKinds(const std::string& list);
// The set as parseVerbatimKinds() reads it: "none", "all" or the list.
std::string verbatimKindsText(unsigned kinds);
// One kind's name ("url", …).
std::string verbatimKindName(unsigned kind);

struct VerbatimSpan {
  unsigned kind = 0;
  size_t begin = 0, end = 0;  // bytes of the sentence
};

// Whether the vocabulary writes a character (its UTF-8 bytes); null: every one.
using WritableCharacter = std::function<bool(std::string_view)>;

// The spans of `sentence` (valid UTF-8) of the kinds in `kinds`, in order,
// none overlapping (where two would, the one that starts first wins, then
// the longer). None holds whitespace. A trailing full stop, comma, colon,
// closing bracket or quote is left out of an address or a path (as a reader
// would read "see https://example.org.").
std::vector<VerbatimSpan> findVerbatimSpans(std::string_view sentence, unsigned kinds,
                                            const WritableCharacter& writable = nullptr);

// How many times `translation` holds `text` as a whole: a number not inside
// a longer number, and also with '.' and ',' swapped (12,5 written 12.5);
// anything else as a substring.
size_t countVerbatim(std::string_view translation, std::string_view text, unsigned kind);

// Whether `translation` holds every span of `sentence` as many times as the sentence does.
bool keepsVerbatim(std::string_view sentence, const std::vector<VerbatimSpan>& spans,
                   std::string_view translation);

}  // namespace studio::model
