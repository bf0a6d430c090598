// translate and attention.

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "app/cli/TranslationLines.h"
#include "app/cli/WholeFiles.h"
#include "model/data/Text.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/files/AtomicFile.h"
#include "model/files/EpubFile.h"
#include "model/files/HtmlFile.h"
#include "model/files/MarkdownFile.h"
#include "model/files/OfficeFile.h"
#include "model/files/SubtitleFile.h"
#include "model/files/TextDocument.h"
#include "model/files/XliffFile.h"

namespace studio::cli {

const CommandSpec& translateSpec() {
  static const CommandSpec spec{
      "translate",
      "Translate Vietnamese lines from stdin (or --input) to English on stdout (or --output)\n\n"
      "Reads text a line, splits each line into sentences, translates them in batches sorted by length,\n"
      "and writes one line a line in input order. A sentence longer than the model's positions is cut at\n"
      "clauses (or between words) and translated in parts, with a notice on stderr: nothing is dropped.\n"
      "With --nbest N: N lines an input line, \"INDEX ||| TEXT ||| SCORE\" (a line of several sentences\n"
      "joins each sentence's k-th hypothesis; SCORE is their mean).",
      {
          {"model", "FILE",
           "a model file or checkpoint (required), e.g. RUN_DIR/best.pt; given again, the models\n"
           "translate together, an ensemble (each step the mean of their probabilities; one\n"
           "SentencePiece model)"},
          weightsOption(),
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"beam", "N", "beam size (default 4; 1 is greedy)"},
          {"nbest", "N", "hypotheses a sentence (default 1)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit as a ratio of the source's (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"scores", "", "append \" ||| score ||| piece:probability ...\" to each line"},
          {"reliance", "",
           "append \" ||| source MEAN ||| word:share ...\": how much each word of the best translation drew "
           "on the source (ALTI+)"},
          {"alignment", "KIND",
           "append \" ||| S-T ...\": the source word (S) each word of the translation (T) drew on, read\n"
           "off the cross-attention (words split at spaces, from 0; a line's sentences in turn): hard\n"
           "(each word's strongest), union (and each source word's strongest target word, as --markup\n"
           "places tags), a threshold P (every link of at least P) or soft (each word's weights over\n"
           "the source words, \"w,w,... w,w,...\")"},
          {"alignment-layer", "L",
           "--alignment: the decoder layer whose heads are averaged, from 0 (default: the last)"},
          {"alignment-shifted", "",
           "--alignment: each word by the step that reads it, not the one that wrote it"},
          {"head-mask", "LIST", "switch heads off, e.g. enc:0:1,cross:2:3 (kinds enc, dec, cross; from 0)"},
          {"prefix", "TEXT", "every translation starts with TEXT; the model writes the rest"},
          {"sampling", "",
           "draw each translation at random from the model's distribution instead of searching\n"
           "(--nbest N: N samples a sentence, best score first)"},
          {"top-k", "K", "--sampling: among the K likeliest pieces only (default 0: all)"},
          {"top-p", "P",
           "--sampling: among the fewest likeliest pieces holding P of the probability (default 1: all)"},
          {"temperature", "T",
           "--sampling: log-probabilities divided by T (below 1 sharper, above 1 flatter; default 1)"},
          {"seed", "N",
           "--sampling: the random seed (default 0); a sentence's samples depend on it and the sentence"},
          {"glossary", "FILE",
           "terms to follow, a line each: VIETNAMESE<TAB>ENGLISH ('#' comments), or a TBX\n"
           "termbase (each Vietnamese term to its first English one not deprecated): where the\n"
           "Vietnamese words occur in a sentence (as typed), its translation contains the\n"
           "English (constrained beam search). With --scores, \" ||| terms ...\" follows:\n"
           "each term's first piece (-1: missing) and the free translation's score"},
          {"verbatim", "KINDS",
           "keep text of these kinds as typed: all, or a list of url, email, path, placeholder (%s,\n"
           "%1$d, {name}, $HOME), number, unwritable (words with characters the vocabulary makes\n"
           "<unk>); a sentence whose translation lost one is translated again with each as a term\n"
           "(as --glossary's; with --scores listed after \" ||| terms\")"},
          {"input", "FILE",
           "read the text from FILE (UTF-8, or UTF-16 with its byte order mark) instead of stdin; an\n"
           "error names its line. An XLIFF file (1.2 or 2.x, from a CAT tool) is written back whole,\n"
           "each segment without a translation given the model's as its <target>, inline codes kept;\n"
           "a web page (.html, .htm, or <html> first) too, each block of text translated in place, its\n"
           "tags kept (not scripts, code or what is marked translate=\"no\" or class=\"notranslate\");\n"
           "a Word document (.docx), PowerPoint presentation (.pptx: slides and speaker notes) or\n"
           "OpenDocument text or presentation (.odt, .odp) too, to --output: each paragraph\n"
           "translated in place, its formatting, links, fields and pictures kept; an Excel\n"
           "workbook (.xlsx) or OpenDocument spreadsheet (.ods) too: the text of each cell (not\n"
           "numbers, dates or formulas) and text box, sheets' names kept; an EPUB book\n"
           "(.epub) too, to --output: each page as a web page, its title and table of contents;\n"
           "subtitles (.srt, .vtt) too: each cue's text (a dialogue's lines apart), numbers and\n"
           "timings kept; a Markdown document (.md) too: each heading's, paragraph's, list item's\n"
           "and table cell's text, emphasis and links kept, code and front matter as written"},
          {"encoding", "NAME",
           "the input (FILE or stdin) is Vietnamese in an 8-bit encoding: windows-1258 (cp1258),\n"
           "viscii, tcvn3 (TCVN 5712, the ABC fonts' encoding) or vni (the VNI fonts'); a web page\n"
           "is read in the encoding it says it is in without it, and written in UTF-8"},
          {"output", "FILE",
           "write the translation to FILE instead of stdout, whole or not at all, with the\n"
           "input's line ends (CRLF or LF), encoding and byte order mark; never over the input\n"
           "(in UTF-8 where the input's 8-bit encoding cannot hold a character, with a notice)"},
          {"tmx", "FILE",
           "also write each sentence and its translation as a translation memory (TMX 1.4b) to\n"
           "FILE, for a CAT tool to review and reuse: each distinct pair once, whole or not at all\n"
           "(of an XLIFF file, a web page or a document, the sentences translated, as plain text)"},
          {"markup", "",
           "the text has inline markup (HTML or XML tags, &amp; and the like): each line's words are\n"
           "translated and its tags put back around the words aligned to theirs (--alignment's links);\n"
           "the translation is escaped as markup. Not with --paragraphs"},
          {"no-split", "", "one sentence a line: do not split lines at . ! ? …"},
          {"paragraphs", "",
           "the text is wrapped over lines: the lines up to a blank one are one paragraph, its\n"
           "translation wrapped as wide as its longest line (blank lines kept); with --nbest,\n"
           "--scores, --reliance or --alignment one line a paragraph"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "",
           "the weights in int8 (per output channel) on the CPU's inference engine: a smaller, faster\n"
           "model at a small cost in quality (docs/benchmarks.md); needs AVX2"},
          {"shortlist", "FILE",
           "a vocabulary shortlist (attention-studio-cli shortlist): the output layer over the\n"
           "pieces likely for each batch's sentences alone; faster (docs/benchmarks.md)"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

int runTranslate(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const auto device = decodingDeviceFrom(args);
  try {
    options.head_mask = model::HeadMask::parse(args.getOr("head-mask", ""));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  if (args.all("model").size() > 1) {
    if (!options.head_mask.empty())
      throw UsageError("--head-mask switches off one model's heads: not with several --model (an ensemble)");
    if (args.has("reliance"))
      throw UsageError("--reliance measures one model: not with several --model (an ensemble)");
  }
  LineColumns columns;
  columns.scores = args.has("scores");
  columns.reliance = args.has("reliance");
  if (args.has("alignment") || args.has("alignment-layer") || args.has("alignment-shifted")) {
    model::AlignmentOptions how;
    how.layer = int(args.integer("alignment-layer", -1, 0, 1000));
    how.shifted = args.has("alignment-shifted");
    columns.alignment = alignmentColumnFrom(args.getOr("alignment", "hard"), how);
  }
  const bool markup = args.has("markup");
  if (markup && args.has("paragraphs"))
    throw UsageError("--markup keeps each line's tags and --paragraphs joins lines: choose one");
  if (args.has("paragraphs") && args.has("no-split"))
    throw UsageError(
        "--paragraphs joins wrapped lines and --no-split takes each line as a sentence: choose one");
  // A file to translate is read before the model is loaded: its errors come at once.
  const std::string input = args.getOr("input", ""), output = args.getOr("output", ""),
                    memory = args.getOr("tmx", "");
  for (const auto& [flag, file] : {std::pair{"--output", output}, std::pair{"--tmx", memory}})
    if (!input.empty() && !file.empty()) {
      try {
        model::checkDistinctFiles(input, file);
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(flag) + ": " + e.what());
      }
    }
  if (!memory.empty() && !output.empty()) {
    try {
      model::checkDistinctFiles(output, memory);
    } catch (const std::invalid_argument&) {
      throw UsageError("--tmx: '" + memory + "' is --output's file too: give the memory a file of its own");
    }
  }
  // A file written back whole (an XLIFF file's segments, a web page's blocks of text translated in it)
  // takes one translation of each, and no option that shapes lines of text.
  const auto whole = [&](const std::string& what, const std::string& how, const char* unit) {
    for (const char* flag : {"scores", "alignment", "alignment-layer", "alignment-shifted", "reliance",
                             "paragraphs", "no-split", "prefix", "encoding"})
      if (args.has(flag) &&
          !(flag == std::string("encoding") &&
            (what == "a web page" || what == "a subtitle file" || what == "a Markdown document")))
        throw UsageError("--" + std::string(flag) + ": not with " + what + " ('" + input + "'), whose " +
                         how);
    if (options.nbest > 1) throw UsageError("--nbest: " + what + " takes one translation a " + unit);
  };
  std::optional<model::LegacyEncoding> encoding;
  if (args.has("encoding")) {
    encoding = model::parseLegacyEncoding(args.require("encoding"));
    if (!encoding)
      throw UsageError("--encoding: '" + args.require("encoding") +
                       "' is not windows-1258, cp1258, viscii, tcvn3 or vni");
  }
  // A file that is not UTF-8 but reads as an 8-bit Vietnamese encoding: the option that reads it.
  auto read = [&](auto&& reader, auto&&... from) {
    try {
      return reader(from..., encoding);
    } catch (const model::NotUtf8Error& e) {
      if (!e.reads_as) throw;
      throw std::runtime_error(std::string(e.what()) + " (--encoding " +
                               model::legacyEncodingOption(*e.reads_as) + ")");
    }
  };
  const auto xliff = input.empty() ? std::nullopt : model::readXliffFile(input);
  if (xliff) whole("an XLIFF file", "segments are written back into it", "segment");
  // (a page's tags are always kept: --markup or not)
  const auto html =
      input.empty() || xliff
          ? std::nullopt
          : read([](const std::string& path, auto legacy) { return model::readHtmlFile(path, legacy); },
                 input);
  if (html) whole("a web page", "blocks of text are translated in place", "block");
  const auto office = input.empty() || xliff || html ? std::nullopt : model::readOfficeFile(input);
  if (office) {
    const std::string what = model::officeFormatName(office->format);
    if (office->spreadsheet())
      whole(what, "cells' texts are translated in place", "text");
    else
      whole(what, "paragraphs are translated in place", "paragraph");
    if (output.empty()) {
      const auto dot = input.rfind('.');
      throw UsageError(
          what + "'s translation is a file: give --output FILE" +
          (dot == std::string::npos || input.find('/', dot) != std::string::npos ? "" : input.substr(dot)));
    }
  }
  const auto book = input.empty() || xliff || html || office ? std::nullopt : model::readEpubFile(input);
  if (book) {
    whole("an EPUB book", "pages are translated in place", "block");
    if (output.empty()) throw UsageError("an EPUB book's translation is a file: give --output FILE.epub");
  }
  const auto subtitles =
      input.empty() || xliff || html || office || book
          ? std::nullopt
          : read([](const std::string& path, auto legacy) { return model::readSubtitleFile(path, legacy); },
                 input);
  if (subtitles) whole("a subtitle file", "cues are translated in place", "cue");
  const auto markdown =
      input.empty() || xliff || html || office || book || subtitles
          ? std::nullopt
          : read([](const std::string& path, auto legacy) { return model::readMarkdownFile(path, legacy); },
                 input);
  if (markdown) whole("a Markdown document", "blocks of text are translated in place", "block");
  const auto readText = [](auto&&... from) { return model::readTextDocument(from...); };
  std::optional<model::TextDocument> from_file;
  if (!input.empty() && !xliff && !html && !office && !book && !subtitles && !markdown)
    from_file = read(readText, input);
  auto translator = translatorFrom(args, device);
  checkShortlist(options, translator);
  try {
    if (columns.alignment.on)
      model::checkAlignmentOptions(translator.model()->options(), columns.alignment.how);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--alignment-layer: ") + e.what());
  }
  try {
    options.head_mask.validate(translator.model()->options());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  try {
    if (args.has("prefix")) options.prefix = translator.encodeTarget(data::normalizeWhitespace(args.require("prefix")));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--prefix: ") + e.what());
  }
  if (xliff) return translateXliffFile(translator, *xliff, options, output, memory);
  if (html) return translateHtmlFile(translator, *html, options, output, memory);
  if (office) return translateOfficeFile(translator, *office, options, output, memory);
  if (book) return translateEpubFile(translator, *book, options, output, memory);
  if (subtitles) return translateSubtitleFile(translator, *subtitles, options, output, memory);
  if (markdown) return translateMarkdownFile(translator, *markdown, options, output, memory);
  const auto document = input.empty() ? read(readText, std::cin, std::string("stdin")) : *from_file;
  // --markup: the lines' words are translated, their tags put back after.
  std::vector<model::MarkedText> marked;
  const auto plain = markup ? model::plainDocument(document, &marked) : document;
  if (markup) columns.markup = &marked;
  const auto mode = args.has("paragraphs") ? data::SplitMode::Paragraphs
                    : args.has("no-split") ? data::SplitMode::Lines
                                           : data::SplitMode::Sentences;
  const auto translated =
      model::translateDocument(translator, plain, options, mode, terminalProgress("translated"));
  for (const auto& notice : translated.notices)
    std::fprintf(stderr, "%s %s\n", input.empty() ? "stdin" : input.c_str(), notice.c_str());
  if (translated.wrapped_breaks > 0)
    std::fprintf(stderr,
                 "%s: %zu line %s inside sentences (a full line, the next going on in lowercase): if the "
                 "text is wrapped over lines, --paragraphs translates its paragraphs whole\n",
                 input.empty() ? "stdin" : input.c_str(), translated.wrapped_breaks,
                 translated.wrapped_breaks == 1 ? "break falls" : "breaks fall");
  model::TextDocument written = document;  // the input's line ends and byte order mark
  written.lines.clear();
  if (mode == data::SplitMode::Paragraphs && options.nbest <= 1 && !columns.scores && !columns.reliance &&
      !columns.alignment.on) {
    written.lines = translated.translation.lines;  // the paragraphs wrapped
    if (output.empty())
      for (const auto& line : written.lines) std::cout << line << "\n" << std::flush;
  } else {
    for (auto& lines : translationLines(translator, translated.lines, options, columns))
      for (auto& line : lines) {
        if (output.empty()) std::cout << line << "\n" << std::flush;
        written.lines.push_back(std::move(line));
      }
  }
  if (!memory.empty()) {
    size_t empty = 0;
    const auto units = model::memoryUnits(translated, &empty);
    writeMemory(memory, units, empty);
  }
  if (!output.empty()) {
    written.final_newline = written.final_newline || written.lines.size() > document.lines.size();
    const std::string notice = model::fitEncoding(written);
    if (!notice.empty()) std::fprintf(stderr, "%s %s\n", output.c_str(), notice.c_str());
    model::writeTextDocument(output, written);
    std::fprintf(stderr, "wrote %zu lines to %s\n", written.lines.size(), output.c_str());
  }
  return kOk;
}

const CommandSpec& attentionSpec() {
  static const CommandSpec spec{
      "attention",
      "Print every attention weight of one sentence as JSON\n\n"
      "Translates --text (or reads --target, a translation of your own), then records encoder self-,\n"
      "decoder self- and cross-attention of every layer and head, with the tokens, the masks that applied\n"
      "and each output piece's probability.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"text", "TEXT", "the Vietnamese sentence (required)"},
          {"target", "TEXT",
           "an English translation for the model to read instead of writing its own (teacher forcing)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size for the translation (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"pad-to", "N", "pad the source to N tokens, as in a batch, to show the padding mask"},
          {"vectors", "",
           "add each block's projected queries and keys (\"vectors\"): weight = softmax(q · k / "
           "sqrt(head_dim))"},
          {"lens", "K",
           "add what each decoder block would predict, its K likeliest pieces (\"lens\"; see the lens "
           "command)"},
          {"out", "FILE", "write the JSON here instead of stdout"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runAttention(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const auto input = captureInputFrom(args);
  model::CaptureOptions capture;
  capture.pad_to = args.integer("pad-to", 0, 0, 100000);
  capture.vectors = args.has("vectors");
  capture.lens_top = args.integer("lens", 0, 1, 100);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  const auto snapshot = captureSentence(input, translator, options, capture);
  const std::string json = snapshot.toJson().dump() + "\n";
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, json);
  else
    std::cout << json << std::flush;
  return kOk;
}

}  // namespace studio::cli
