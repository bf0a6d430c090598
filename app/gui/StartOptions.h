#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include "app/translation/TranslationService.h"

namespace studio::ui {
class MainWindow;
}

// The desktop app's command line beyond --help and --version: what to open
// and show at start (a run or a model, a workspace and its tab, a text
// translated and explored, a corpus prepared), and, for the pictures of the
// docs and the suites, what to grab once it is done (--screenshot).
namespace studio::app {

// An attention kind as the options write it: enc, dec, else cross.
AttentionView::Kind attentionKind(const QString& name);

struct StartOptions {
  // Declares every option to `parser`, in the order --help lists them.
  explicit StartOptions(QCommandLineParser& parser);

  // Opens, chooses and starts in `window` what the options parsed ask for,
  // before it is shown. False (with the error on standard error) when an
  // option names what cannot be used (a --teacher that is no model).
  bool applyTo(const QCommandLineParser& parser, ui::MainWindow& window) const;
  // The part of applyTo that sets the explorer's tabs to work (StartOptionsExplorer.cpp).
  void applyToExplorer(const QCommandLineParser& parser, ui::MainWindow& window) const;

  QCommandLineOption timelapse_step;
  QCommandLineOption timelapse_probe;
  QCommandLineOption map;
  QCommandLineOption rank_heads;
  QCommandLineOption corpus;
  QCommandLineOption corpus_weights;
  QCommandLineOption prepare;
  QCommandLineOption teacher;
  QCommandLineOption back_translate;
  QCommandLineOption compare;
  QCommandLineOption test_runs;
  QCommandLineOption smoke;
  QCommandLineOption screenshot;
  QCommandLineOption open_run;
  QCommandLineOption open;
  QCommandLineOption workspace;
  QCommandLineOption text;
  QCommandLineOption target;
  QCommandLineOption query;
  QCommandLineOption patch;
  QCommandLineOption patch_heads;
  QCommandLineOption patch_noising;
  QCommandLineOption patch_summary;
  QCommandLineOption patch_estimate;
  QCommandLineOption example_piece;
  QCommandLineOption embedding_piece;
  QCommandLineOption embedding_layout;
  QCommandLineOption minimal_pairs;
  QCommandLineOption lens_summary;
  QCommandLineOption lens_colour;
  QCommandLineOption tuned_lens;
  QCommandLineOption glossary;
  QCommandLineOption shortlist;
  QCommandLineOption ensemble;
  QCommandLineOption translate_file;
  QCommandLineOption save_alignments;
  QCommandLineOption alignment_dialog;
  QCommandLineOption small_and_fast;
  QCommandLineOption pad_to;
  QCommandLineOption hover_word;
  QCommandLineOption head_mask;
  QCommandLineOption prefix;
  QCommandLineOption help_page;
  QCommandLineOption language;
  QCommandLineOption dark;
};

}  // namespace studio::app
