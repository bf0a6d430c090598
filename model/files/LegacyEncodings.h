#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// Vietnamese text in the 8-bit encodings that came before Unicode, which old
// documents and tools still hold: Windows-1258 (Microsoft's code page 1258,
// whose tone marks are combining characters that follow their letter; they
// are composed here into Unicode's precomposed letters, as typed text has
// them), VISCII (RFC 1456: every letter precomposed, six capitals in the
// place of C0 controls) and TCVN3 (TCVN 5712:1993, Vietnam's own standard,
// the ".Vn" fonts' "ABC" encoding: lowercase letters precomposed above 0xA0,
// capitals in the C0 controls and below 0xB0, and the five tone marks as
// combining bytes) and VNI (the VNI-Times fonts' encoding: a letter's marks as
// bytes after its ASCII letter; VniEncoding.h). No LibTorch here.
namespace studio::model {

enum class LegacyEncoding { Windows1258, Viscii, Tcvn3, Vni };

// "Windows-1258", "VISCII", "TCVN3" or "VNI".
std::string legacyEncodingName(LegacyEncoding encoding);
// As the command line's --encoding takes it: "windows-1258", "viscii", "tcvn3" or "vni".
std::string legacyEncodingOption(LegacyEncoding encoding);
// "windows-1258", "cp1258", "viscii", "tcvn3", "tcvn", "tcvn5712-1", "vni"
// or "vni-windows", any case; nullopt for anything else.
std::optional<LegacyEncoding> parseLegacyEncoding(std::string_view name);

// The bytes as UTF-8, a letter and the tone mark after it composed. Throws
// std::runtime_error naming `name` and the line of a byte the encoding does
// not define (Windows-1258 leaves nine undefined, VNI Windows-1252's five).
std::string legacyToUtf8(std::string_view bytes, LegacyEncoding encoding, const std::string& name);

// UTF-8 text in the encoding (Windows-1258: a letter it has no byte for as its
// base letter and tone mark). Where a character cannot be written, nullopt,
// with the first one and its 1-based line in *line and *character.
std::optional<std::string> utf8ToLegacy(std::string_view utf8, LegacyEncoding encoding, size_t* line,
                                        char32_t* character);

// Which of the four the bytes of a file that is not UTF-8 read as, where it
// is clear: Windows-1258 when its tone marks follow vowels they combine with
// (19 in 20 at least); VNI when nine in ten of its bytes from 0xC0 up are its
// letters or marks on vowels they fit, a mark among them, and its reading
// holds as many common Vietnamese words as the next two's; VISCII or TCVN3
// when at least half of what the bytes outside ASCII stand for in it are
// letters (or tone marks) only Vietnamese writes and no C0 control but its
// letters, tab and line ends is there — TCVN3 (then also with fewer of its
// letters Vietnamese's alone) only where its reading holds common Vietnamese
// words (không, được, tập, …), more of them than VISCII's reading, or as
// many and more words spelt as Vietnamese syllables (VietnameseSyllables.h),
// or as many of those and fewer words with a capital after a small letter;
// and Windows-1258 unless TCVN3's reading spells more syllables and fewer
// other words. nullopt otherwise, and for UTF-8 with a few stray bytes
// (a whole UTF-8 character for every four bytes that are not).
std::optional<LegacyEncoding> guessLegacyEncoding(std::string_view bytes);

}  // namespace studio::model
