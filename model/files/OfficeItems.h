#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/files/OfficeFile.h"

// What a paragraph of an office document holds, in order, as its part's
// reader (DocxParagraphs, OdtParagraphs) finds it, and the paragraph's marked
// text made of it. No LibTorch here.
namespace studio::model {

struct OfficeItem {
  enum class Kind { Text, Code, Break, Open, Close };
  Kind kind = Kind::Text;
  std::string rpr;   // Text: its run's properties (Word's; "" in an OpenDocument)
  std::string text;  // Text: its characters
  size_t index = 0;  // Code, Break: in codes; Open, Close: in wraps
};

// Fills `p`'s marked text, base and formats (the run properties most of its
// letters have are its plain words', the others marked) and first words from
// `items`. False, touching nothing, when they hold no letter (nothing to translate).
bool markOfficeParagraph(OfficeParagraph& p, const std::vector<OfficeItem>& items);

// The encoding of an old Vietnamese font, from its name: TCVN3 for the ".Vn"
// fonts (.VnTime, .VnArial), VNI for VNI's ("VNI-Times", "VNI-Helve");
// nullopt for any other font.
std::optional<LegacyEncoding> legacyFontEncoding(const std::string& font);

// A run's text as a paragraph reader finds it, in `font`: read in an old
// font's encoding where it is one (Word, PowerPoint and Excel keep such text
// as the characters of Windows-1252 that have its bytes; text with a
// character Windows-1252 lacks was typed in Unicode, and is read as it is) (the run's properties `rpr` noted
// in p.legacy_runs, so that its translation is written the same way, and *read_as set where the reading
// changed the text); as it is otherwise.
std::string textInFont(const std::string& text, const std::string& font, const std::string& rpr,
                       const std::string& name, OfficeParagraph& p, std::optional<LegacyEncoding>& read_as);

// Counts a paragraph read from an old font (read_as set) in the document's tcvn3_paragraphs or
// vni_paragraphs.
void countLegacyParagraph(OfficeDocument& document, const std::optional<LegacyEncoding>& read_as);

// Text as markup's: & < > as references.
std::string escapeOfficeText(const std::string& text);

}  // namespace studio::model
