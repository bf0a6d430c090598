#pragma once

// The real sacreBLEU (pinned, from PyPI: scripts/peers sacrebleu) that
// tst_metrics and tst_significance compare with: where it is, and a script
// run on JSON input with JSON output.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>

#include "model/evaluation/Bleu.h"

namespace studio::test {

// $STUDIO_SACREBLEU_PYTHON, else the interpreter scripts/peers installs.
inline QString sacreBleuPython() {
  QString python = qEnvironmentVariable("STUDIO_SACREBLEU_PYTHON");
  if (python.isEmpty())
    python =
        QDir::homePath() + "/.cache/attention-studio/sacrebleu-" + model::kSacreBleuVersion + "/bin/python";
  return python;
}

// Skips the test function where there is no sacreBLEU; fails it instead where
// STUDIO_REQUIRE_PEERS=1 (scripts/test installs it).
#define STUDIO_REQUIRE_SACREBLEU(python)                                                            \
  do {                                                                                              \
    if (!QFileInfo(python).isExecutable()) {                                                        \
      const QString why = "no sacreBLEU at " + (python) + " (scripts/peers sacrebleu installs it)"; \
      if (qEnvironmentVariable("STUDIO_REQUIRE_PEERS") == "1") QFAIL(qPrintable(why));              \
      QSKIP(qPrintable(why));                                                                       \
    }                                                                                               \
  } while (false)

// Runs `script` with a file holding `input` as its argument; its standard
// output parsed as JSON. Throws std::runtime_error with its error output.
inline nlohmann::json runPeerScript(const QString& python, const char* script, const nlohmann::json& input) {
  QTemporaryDir dir;
  if (!dir.isValid()) throw std::runtime_error("no temporary folder");
  const QString input_path = dir.filePath("input.json");
  QFile file(input_path);
  const std::string text = input.dump();
  if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size()))
    throw std::runtime_error("cannot write " + input_path.toStdString());
  file.close();
  QProcess process;
  process.start(python, {"-c", script, input_path});
  if (!process.waitForFinished(600000) || process.exitCode() != 0)
    throw std::runtime_error(python.toStdString() +
                             " failed: " + process.readAllStandardError().toStdString());
  return nlohmann::json::parse(process.readAllStandardOutput().toStdString());
}

}  // namespace studio::test
