#include "app/gui/StartOptions.h"

#include <QFileInfo>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>

#include "app/EngineInfo.h"
#include "app/training/BackTranslateSession.h"
#include "app/translation/TranslationService.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/lens/LensView.h"
#include "ui/training/BackTranslationBox.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/AlignmentView.h"
#include "ui/translate/FileTranslationBar.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/MainWindow.h"

namespace studio::app {

AttentionView::Kind attentionKind(const QString& name) {
  return name == "enc"   ? AttentionView::Kind::EncoderSelf
         : name == "dec" ? AttentionView::Kind::DecoderSelf
                         : AttentionView::Kind::Cross;
}

StartOptions::StartOptions(QCommandLineParser& parser)
    : timelapse_step("timelapse-step",
                     "In the explorer, show the run's probe sentences as recorded at training step N.", "N"),
      timelapse_probe("timelapse-probe", "In the explorer's timelapse, show probe sentence N (from 0).", "N"),
      map("map",
          "In the explorer, show this map: enc, dec or cross, a layer and a head (from 0; no head: "
          "the mean), e.g. cross:1 or enc:0:2.",
          "KIND:LAYER[:HEAD]"),
      rank_heads("rank-heads",
                 "In the explorer, rank the heads on N dev sentences, with the pruning "
                 "curve, once the sentence is captured.",
                 "N"),
      corpus("corpus", "In Training, the corpus to prepare (repeatable: several, read into one data folder).",
             "PATH"),
      corpus_weights("weights", "In Training, the weights of the --corpus, in their order.", "N1,N2,..."),
      prepare("prepare", "In Training, prepare the corpus at start (with --screenshot: when done)."),
      teacher("teacher",
              "In Training, learn from this model's translations (distillation); with --prepare, "
              "the teacher translates at start (with --screenshot: when done).",
              "MODEL"),
      back_translate("back-translate",
                     "In Training, back-translate the English text (the demo corpus's english.en) with this "
                     "English to Vietnamese model into a data folder beside the data folder, at start (with "
                     "--screenshot: when done).",
                     "MODEL"),
      compare("compare", "Compare the opened run with the run in DIR (repeatable).", "DIR"),
      test_runs("test-runs",
                "Test the opened run and the compared ones on its test split (Compare runs' Test on "
                "the test split); with --screenshot, grab the window when done."),
      smoke("smoke-test", "Show the main window, then quit (for tests)."),
      screenshot("screenshot", "Save a picture of the main window to FILE, then quit.", "FILE"),
      open_run("open-run", "Show the history of the run in DIR.", "DIR"),
      open("open", "Open a run folder or a model file.", "PATH"),
      workspace(
          "workspace",
          "Start in a workspace: training, translate, attention, attention-grid, attention-heads, "
          "attention-beam, attention-query-key, attention-explain, attention-patching, "
          "attention-training-examples, "
          "attention-embeddings, attention-lens, attention-lens-over-training, attention-minimal-pairs or "
          "attention-heads-over-training.",
          "NAME"),
      text("text", "Translate TEXT (and explore its attention) at start.", "TEXT"),
      target("target",
             "In the explorer, the model reads TEXT as the translation of --text instead of its own.",
             "TEXT"),
      query("query", "In the explorer's Query · key tab, take apart row N of the map (from 1).", "N"),
      patch(
          "patch",
          "In the explorer's Patching, read the sentence as CHANGED (or blank:N, its word N from 0 blanked) "
          "once it is captured, and patch.",
          "CHANGED"),
      patch_heads("patch-heads", "With --patch, a row for each attention head too."),
      patch_noising("patch-noising",
                    "With --patch, put the changed reading's states into the sentence's pass (noising)."),
      patch_summary("patch-summary",
                    "In the explorer's Patching, sum up the run's first N dev sentences once a sentence is "
                    "captured, instead of --patch (with --patch-heads and --patch-noising as they are set).",
                    "N"),
      patch_estimate("patch-estimate",
                     "With --patch or --patch-summary, estimate by gradients (attribution patching)."),
      example_piece(
          "example-piece",
          "In the explorer's Training examples, show piece N (from 0) of the source (src:N) or of the "
          "translation (out:N).",
          "SIDE:N"),
      embedding_piece("embedding-piece",
                      "In the explorer's Embeddings, choose this piece (or word) once the map is drawn.",
                      "PIECE"),
      embedding_layout("embedding-layout",
                       "In the explorer's Embeddings, lay the pieces out this way: pca (default) or tsne.",
                       "LAYOUT"),
      minimal_pairs(
          "minimal-pairs",
          "In the explorer's Minimal pairs, test the model at start on its run's test split (test), "
          "and with over-training on every model the run kept too.",
          "test|over-training"),
      lens_summary(
          "lens-summary",
          "In the explorer's Logit lens, sum up the run's dev sentences once a sentence is explored."),
      lens_colour("lens-colour", "In the explorer's Logit lens, colour by probability or rank.",
                  "probability|rank"),
      tuned_lens("tuned-lens",
                 "In the explorer's Logit lens, read the blocks through the tuned lens beside the model."),
      glossary("glossary",
               "In Translate, follow the terms of this glossary (VIETNAMESE<TAB>ENGLISH, or TBX).", "FILE"),
      shortlist("shortlist", "In Translate, decode with this vocabulary shortlist.", "FILE"),
      ensemble("ensemble", "In Translate, translate with this model too, an ensemble (repeatable).", "FILE"),
      translate_file("translate-file",
                     "In Translate, translate the text file FILE at start, line for line, into "
                     "NAME.en.txt beside it (an XLIFF file, a web page, a document, a presentation, a "
                     "spreadsheet, a book, subtitles or Markdown in place, into NAME.en.xlf, .html, .docx, "
                     ".pptx, .xlsx, .odt, .odp, .ods, .epub, .srt, .vtt, .md).",
                     "FILE"),
      save_alignments("save-alignments",
                      "With --translate-file, then save its word alignments beside the translation "
                      "(NAME.align), as Save word alignments… does."),
      alignment_dialog("alignment-dialog",
                       "With --translate-file, then open the dialog of Save word alignments… (for a "
                       "picture of it)."),
      small_and_fast("small-and-fast",
                     "Open Make it small and fast and measure on N dev sentences (the heads ranked "
                     "first when no ranking is saved); with --screenshot, a picture of it.",
                     "N"),
      pad_to("pad-to", "In the explorer, pad the source to N tokens.", "N"),
      hover_word("hover-word", "In Translate, show the alignment of target word N (from 0).", "N"),
      head_mask("head-mask", "In the explorer, switch these heads off (enc:0:1,cross:1:3; from 0).", "LIST"),
      prefix("prefix", "In the explorer's beam search, force the translation to start with TEXT.", "TEXT"),
      help_page("help-page",
                "Open the help window on PAGE (docs/user-guide.md, README.md#quick-start…); with "
                "--screenshot, a picture of it.",
                "PAGE"),
      language("language",
               "Interface language for this start: en or vi (default: the preference, "
               "else the system's).",
               "CODE"),
      dark("dark", "Use a dark palette (Fusion style), whatever the desktop's theme.") {
  parser.addOption(timelapse_step);
  parser.addOption(timelapse_probe);
  parser.addOption(map);
  parser.addOption(rank_heads);
  parser.addOption(corpus);
  parser.addOption(corpus_weights);
  parser.addOption(prepare);
  parser.addOption(teacher);
  parser.addOption(back_translate);
  parser.addOption(compare);
  parser.addOption(test_runs);
  parser.addOption(smoke);
  parser.addOption(screenshot);
  parser.addOption(open_run);
  parser.addOption(open);
  parser.addOption(workspace);
  parser.addOption(text);
  parser.addOption(target);
  parser.addOption(query);
  parser.addOption(patch);
  parser.addOption(patch_heads);
  parser.addOption(patch_noising);
  parser.addOption(patch_summary);
  parser.addOption(patch_estimate);
  parser.addOption(example_piece);
  parser.addOption(embedding_piece);
  parser.addOption(embedding_layout);
  parser.addOption(minimal_pairs);
  parser.addOption(lens_summary);
  parser.addOption(lens_colour);
  parser.addOption(tuned_lens);
  parser.addOption(glossary);
  parser.addOption(shortlist);
  parser.addOption(ensemble);
  parser.addOption(translate_file);
  parser.addOption(save_alignments);
  parser.addOption(alignment_dialog);
  parser.addOption(small_and_fast);
  parser.addOption(pad_to);
  parser.addOption(hover_word);
  parser.addOption(head_mask);
  parser.addOption(prefix);
  parser.addOption(help_page);
  parser.addOption(language);
  parser.addOption(dark);
}

bool StartOptions::applyTo(const QCommandLineParser& parser, ui::MainWindow& window) const {
  if (parser.isSet(open_run)) window.openPath(parser.value(open_run));
  if (parser.isSet(open)) window.openPath(parser.value(open));
  if (parser.isSet(pad_to)) window.attention()->setPadTo(parser.value(pad_to).toInt());
  applyToExplorer(parser, window);
  if (parser.isSet(hover_word)) {
    const int word = parser.value(hover_word).toInt();
    auto* once = new QObject(&window);
    QObject::connect(window.translate(), &studio::ui::TranslateWorkspace::translationShown, once,
                     [&window, word, once] {
                       window.translate()->alignment()->hoverTarget(word);
                       once->deleteLater();
                     });
  }
  if (parser.isSet(glossary)) window.translate()->setGlossary(parser.value(glossary));
  if (parser.isSet(shortlist)) {
    auto settings = window.translate()->decodeSettings();
    settings.shortlist = parser.value(shortlist);
    window.translate()->setDecodeSettings(settings);
  }
  if (parser.isSet(ensemble)) {
    auto settings = window.translate()->decodeSettings();
    for (const QString& file : parser.values(ensemble))
      settings.ensemble << QFileInfo(file).absoluteFilePath();
    window.translate()->setDecodeSettings(settings);
  }
  if (parser.isSet(text)) {
    window.translate()->setInputText(parser.value(text));
    window.translate()->translateNow();
    window.attention()->setGivenTranslation(parser.value(target));
    window.attention()->exploreText(parser.value(text));  // with Translate's model and settings
  }
  for (const auto* needs_file : {&save_alignments, &alignment_dialog})
    if (parser.isSet(*needs_file) && !parser.isSet(translate_file)) {
      std::fprintf(stderr, "error: --%s needs --translate-file\n", qPrintable(needs_file->names().first()));
      return false;
    }
  if (parser.isSet(translate_file)) {
    const QString input = QFileInfo(parser.value(translate_file)).absoluteFilePath();
    auto* bar = window.translate()->fileTranslation();
    const QString output = studio::ui::FileTranslationBar::defaultOutput(input);
    if (parser.isSet(save_alignments))
      QObject::connect(
          bar->session(), &studio::app::FileTranslationSession::finished, bar,
          [bar, output] { bar->saveAlignments(studio::ui::FileTranslationBar::defaultAlignments(output)); },
          Qt::SingleShotConnection);
    if (parser.isSet(alignment_dialog))
      QObject::connect(
          bar->session(), &studio::app::FileTranslationSession::finished, bar,
          [bar] {
            // Once the bar shows its buttons: the dialog is modal.
            QTimer::singleShot(0, bar, [bar] {
              if (auto* button = bar->findChild<QPushButton*>("Save word alignments")) button->click();
            });
          },
          Qt::SingleShotConnection);
    bar->translate(window.translate()->modelSource(), window.translate()->decodeSettings(), input, output);
  }
  if (parser.isSet(corpus)) {
    const QStringList corpora = parser.values(corpus), weights = parser.value(corpus_weights).split(',');
    window.training()->setCorpus(QFileInfo(corpora[0]).absoluteFilePath());
    for (int i = 1; i < corpora.size(); ++i)
      window.training()->addCorpus(QFileInfo(corpora[i]).absoluteFilePath(),
                                   qMax(1, weights.value(i).toInt()));
  }
  if (parser.isSet(teacher)) {
    const QString model = QFileInfo(parser.value(teacher)).absoluteFilePath();
    if (const auto source = studio::app::describeTeacher(model); !source.error.isEmpty()) {
      std::fprintf(stderr, "error: --teacher %s: %s\n", qPrintable(model), qPrintable(source.error));
      return false;
    }
    window.training()->teacher()->setModel(model);
  }
  if (parser.isSet(back_translate)) {
    const QString model = QFileInfo(parser.value(back_translate)).absoluteFilePath();
    if (const QString why = studio::app::whyNotEnglishToVietnamese(model); !why.isEmpty()) {
      std::fprintf(stderr, "error: --back-translate %s: %s\n", qPrintable(model), qPrintable(why));
      return false;
    }
    window.training()->backTranslation()->setModelPath(model);
    window.training()->backTranslate();
  }
  if (parser.isSet(prepare)) {
    if (parser.isSet(teacher))
      window.training()->distilData();
    else
      window.training()->prepareData();
  }
  // Before the window shows: a page that cannot be opened is said here, not in a message box.
  if (parser.isSet(help_page) && !window.showHelp(parser.value(help_page))) {
    std::fprintf(stderr, "error: --help-page: %s\n", qPrintable(window.statusBar()->currentMessage()));
    return false;
  }
  for (const QString& dir : parser.values(compare)) window.training()->compareWith(dir);
  if (parser.isSet(timelapse_probe))
    window.attention()->timelapse()->setProbe(parser.value(timelapse_probe).toInt());
  if (parser.isSet(timelapse_step))
    window.attention()->showTimelapseStep(parser.value(timelapse_step).toLongLong());
  if (parser.isSet(map)) {
    const QStringList f = parser.value(map).split(':');
    const auto kind = attentionKind(f.value(0));
    const int layer = f.value(1).toInt(), head = f.size() > 2 ? f[2].toInt() : -1;
    window.attention()->select(kind, layer, head);
    if (parser.isSet(text)) {  // the sentence's view comes later: its layer choices with it
      auto* once = new QObject(&window);
      QObject::connect(window.attention(), &studio::ui::AttentionWorkspace::viewShown, once,
                       [&window, kind, layer, head, once] {
                         window.attention()->select(kind, layer, head);
                         once->deleteLater();
                       });
    }
  }
  if (parser.isSet(workspace)) {
    const QString name = parser.value(workspace).toLower();
    QWidget* page = name == "translate"            ? static_cast<QWidget*>(window.translate())
                    : name.startsWith("attention") ? static_cast<QWidget*>(window.attention())
                                                   : static_cast<QWidget*>(window.training());
    window.tabs()->setCurrentWidget(page);
    if (name == "attention-grid") window.attention()->showGrid();
    if (name == "attention-heads") window.attention()->showAblation();
    if (name == "attention-beam") window.attention()->showBeam();
    if (name == "attention-query-key") window.attention()->showQueryKey();
    if (name == "attention-explain") window.attention()->showExplain();
    if (name == "attention-patching") window.attention()->showPatching();
    if (name == "attention-training-examples") window.attention()->showNeighbours();
    if (name == "attention-embeddings") window.attention()->showEmbeddings();
    if (name.startsWith("attention-lens")) window.attention()->showLens();
    if (name == "attention-lens-over-training") window.attention()->lens()->showTimeline();
    if (name == "attention-heads-over-training") window.attention()->showHeadTimeline();
    if (name == "attention-minimal-pairs") window.attention()->showMinimalPairs();
  }
  return true;
}

}  // namespace studio::app
