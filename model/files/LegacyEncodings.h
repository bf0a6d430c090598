#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// Vietnamese text in the 8-bit encodings that came before Unicode, which old
// documents and tools still hold: Windows-1258 (Microsoft's code page 1258,
// whose tone marks are combining characters that follow their letter; they
// are composed here into Unicode's precomposed letters, as typed text has
// them) and VISCII (RFC 1456: every letter precomposed, six capitals in the
// place of C0 controls). No LibTorch here.
namespace studio::model {

enum class LegacyEncoding { Windows1258, Viscii };

// "Windows-1258" or "VISCII".
std::string legacyEncodingName(LegacyEncoding encoding);
// As the command line's --encoding takes it: "windows-1258" or "viscii".
std::string legacyEncodingOption(LegacyEncoding encoding);
// "windows-1258", "cp1258" or "viscii", any case; nullopt for anything else.
std::optional<LegacyEncoding> parseLegacyEncoding(std::string_view name);

// The bytes as UTF-8, a letter and the tone mark after it composed. Throws
// std::runtime_error naming `name` and the line of a byte the encoding does
// not define (Windows-1258 leaves nine undefined).
std::string legacyToUtf8(std::string_view bytes, LegacyEncoding encoding, const std::string& name);

// UTF-8 text in the encoding (Windows-1258: a letter it has no byte for as its
// base letter and tone mark). Where a character cannot be written, nullopt,
// with the first one and its 1-based line in *line and *character.
std::optional<std::string> utf8ToLegacy(std::string_view utf8, LegacyEncoding encoding, size_t* line,
                                        char32_t* character);

// Which of the two the bytes of a file that is not UTF-8 read as, where it is
// clear: Windows-1258 when its tone marks follow letters they combine with (19
// in 20 at least), VISCII when at least half of what its bytes outside ASCII
// stand for are letters only Vietnamese writes and no other C0 control than
// tab and line ends is there. nullopt otherwise, and for UTF-8 with a few
// stray bytes (a whole UTF-8 character for every four bytes that are not).
std::optional<LegacyEncoding> guessLegacyEncoding(std::string_view bytes);

}  // namespace studio::model
