#pragma once

// What the two workspace suites (tst_translateworkspace, tst_attentionworkspace)
// share: the small model they train (test::trainWorkspaceModel) in a folder
// of their own, with the settings kept there too; the CLI's decoding defaults
// and its translation of a sentence, which what a workspace shows must equal.
// STUDIO_CLI_PATH is each suite's compile definition.

#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <exception>

#include "app/translation/TranslationService.h"
#include "common/FileUtil.h"

namespace studio::test {

// Beam 4, length penalty 0.6, the CLI's defaults, with `nbest` hypotheses.
inline app::DecodeSettings decodeSettings(int nbest) {
  app::DecodeSettings settings;
  settings.beam = 4;
  settings.alpha = 0.6;
  settings.nbest = nbest;
  settings.maxLengthRatio = 1.5;
  return settings;
}

// `attention-studio-cli translate --model MODEL OPTIONS...` of one sentence,
// or a text in brackets saying why there is none.
inline QString cliTranslation(const QString& model, const QString& sentence, const QStringList& options) {
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, QStringList{"translate", "--model", model} + options);
  if (!cli.waitForStarted()) return "(the CLI did not start)";
  cli.write(sentence.toUtf8() + "\n");
  cli.closeWriteChannel();
  if (!cli.waitForFinished(120000) || cli.exitCode() != 0) return "(the CLI failed: " + cli.readAllStandardError() + ")";
  return QString::fromUtf8(cli.readAllStandardOutput()).trimmed();
}

// The suites' state, a base of each test class: train() from initTestCase.
class WorkspaceFixture {
 protected:
  // Empty when the model is trained and the settings point into tmp_; else why not.
  QString train() {
    if (!tmp_.isValid()) return "no temporary folder: " + tmp_.errorString();
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp_.filePath("settings"));
    try {
      const auto trained = trainWorkspaceModel(tmp_.path().toStdString());
      data_ = QString::fromStdString(trained.data);
      run_ = QString::fromStdString(trained.run);
      model_ = QString::fromStdString(trained.model);
    } catch (const std::exception& e) {
      return e.what();
    }
    return QFile::exists(model_) ? QString() : "training wrote no " + model_;
  }
  app::ModelSource fileSource() const { return {app::ModelSource::Kind::File, model_}; }
  // The CLI's translation of sentence_ with the fixture model and `options`.
  QString cliTranslation(const QStringList& options) const { return test::cliTranslation(model_, sentence_, options); }

  QTemporaryDir tmp_;
  QString run_, model_, data_;
  const QString sentence_ = QStringLiteral("mở tập tin số 12");
};

}  // namespace studio::test
