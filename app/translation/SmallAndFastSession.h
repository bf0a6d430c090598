#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// "Make it small and fast" for the GUI: a model's ways to run (float32,
// int8, a shortlist, heads pruned; its students, model::findStudents) measured on dev sentences on a worker
// thread (model/decoding/SmallAndFast.h), then the chosen way saved as a
// folder with its CTranslate2 model (model/files/ModelExport.h). Value types
// only cross the thread boundary.
namespace studio::app {

struct SmallAndFastRequest {
  ModelSource model;
  // Sentences and references, line-aligned. Empty: the dev split of the
  // data folder the model's run was trained on.
  QString sourceFile, referenceFile;
  int sentences = 200;       // the first N (0 = all)
  QString shortlist;         // a shortlist file ("" = no ways with one)
  // Ways with heads pruned: from head-importance.json of the model's run
  // (the Attention workspace's "Rank heads"), or, with rankHeads, ranked
  // first on the same sentences (and saved there). Neither: no such ways.
  bool rankHeads = false;
  DecodeSettings settings;   // beam, alpha, length ratio
};

struct SpeedRow {
  QString name;
  bool int8 = false, bf16 = false, shortlist = false;
  QString prunedHeads;  // "enc:0:1,..." ("" none)
  // A student's way: its model file, decoding in the model's place ("" = the model's own way).
  QString model;
  double bleu = 0, chrf = 0;
  double bleuCi = 0;   // half the width of BLEU's 95 % interval
  double pValue = -1;  // paired bootstrap against float32 (-1: float32 itself, or its very translations)
  int sameAsFloat32 = 0, sentences = 0;
  double seconds = 0, sentencesPerSecond = 0, piecesPerSecond = 0;
  qint64 weightBytes = 0;
};

struct SmallAndFastResult {
  QString modelPath, sourceFile, referenceFile, shortlist;
  QString rankingFrom;  // head-importance.json read, "ranked now", or "" (no pruned ways)
  QString rankingSavedTo;  // ranked now: the head-importance.json written (none outside a run folder)
  QStringList students;    // the students' run folders measured beside it
  int beam = 4;
  bool stopped = false;
  QList<SpeedRow> rows;
};

struct ExportedWay {
  QString folder, model, shortlist, ctranslate2, command;
  bool int8 = false, bf16 = false;
};

// The ranking saved beside a model's run (head-importance.json), if any.
QString savedRankingFor(const QString& model_path);

class SmallAndFastSession : public QObject {
  Q_OBJECT

 public:
  explicit SmallAndFastSession(QObject* parent = nullptr);
  ~SmallAndFastSession() override;  // stops a measurement and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::SmallAndFastRequest& request);
  void stop();  // after the way being measured
  // Saves `row`'s way of `model_path` (a student's way: of its own model) into `folder` (with its
  // CTranslate2 model).
  void save(const QString& model_path, const studio::app::SpeedRow& row, const QString& shortlist,
            const QString& folder);

 Q_SIGNALS:
  void progress(int done, int total, const QString& what);
  void finished(const studio::app::SmallAndFastResult& result);
  void saved(const studio::app::ExportedWay& way);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"small-and-fast"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::SmallAndFastResult)
Q_DECLARE_METATYPE(studio::app::ExportedWay)
Q_DECLARE_METATYPE(studio::app::SpeedRow)
