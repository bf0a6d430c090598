<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>DifferenceText</name>
    <message>
        <source>no: the same translations</source>
        <translation>no: the same translations</translation>
    </message>
    <message>
        <source>yes (p = %1)</source>
        <translation>yes (p = %1)</translation>
    </message>
    <message>
        <source>no (p = %1)</source>
        <translation>no (p = %1)</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Attention rollout</translation>
    </message>
    <message>
        <source>ALTI+</source>
        <translation>ALTI+</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradient × input</translation>
    </message>
    <message>
        <source>Integrated gradients</source>
        <translation>Integrated gradients</translation>
    </message>
</context>
<context>
    <name>HeadRoles</name>
    <message>
        <source>mixed</source>
        <translation>mixed</translation>
    </message>
    <message>
        <source>sink (end token)</source>
        <translation>sink (end token)</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>previous token</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>next token</translation>
    </message>
    <message>
        <source>same token</source>
        <translation>same token</translation>
    </message>
    <message>
        <source>diagonal alignment</source>
        <translation>diagonal alignment</translation>
    </message>
    <message>
        <source>punctuation</source>
        <translation>punctuation</translation>
    </message>
    <message>
        <source>rare words</source>
        <translation>rare words</translation>
    </message>
    <message>
        <source>broad</source>
        <translation>broad</translation>
    </message>
</context>
<context>
    <name>OpenModel</name>
    <message>
        <source>%1 translates English to Vietnamese: a model trained for back-translation. The app translates and explains Vietnamese to English; give this model to attention-studio-cli back-translate, or open a Vietnamese to English one.</source>
        <translation>%1 translates English to Vietnamese: a model trained for back-translation. The app translates and explains Vietnamese to English; give this model to attention-studio-cli back-translate, or open a Vietnamese to English one.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source> (dropped: %1)</source>
        <translation> (dropped: %1)</translation>
    </message>
    <message>
        <source>SentencePiece vocabulary: %1</source>
        <translation>SentencePiece vocabulary: %1</translation>
    </message>
    <message>
        <source>Padding in %1-token batches: %2 %</source>
        <translation>Padding in %1-token batches: %2 %</translation>
    </message>
    <message>
        <source>Choose a model first: a run folder or a model file.</source>
        <translation>Choose a model first: a run folder or a model file.</translation>
    </message>
    <message>
        <source>The model file &apos;%1&apos; does not exist.</source>
        <translation>The model file &apos;%1&apos; does not exist.</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; has no best.pt yet (it is written at the first evaluation).</source>
        <translation>The run folder &apos;%1&apos; has no best.pt yet (it is written at the first evaluation).</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; does not exist.</source>
        <translation>The run folder &apos;%1&apos; does not exist.</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; has no checkpoint yet (one is written at every evaluation).</source>
        <translation>The run folder &apos;%1&apos; has no checkpoint yet (one is written at every evaluation).</translation>
    </message>
    <message>
        <source>Unknown model source.</source>
        <translation>Unknown model source.</translation>
    </message>
    <message numerus="yes">
        <source>CUDA, %n GPU(s)</source>
        <translation>
            <numerusform>CUDA, %n GPU</numerusform>
            <numerusform>CUDA, %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>CUDA: %1</source>
        <translation>CUDA: %1</translation>
    </message>
    <message numerus="yes">
        <source>CPU, %n thread(s)%1</source>
        <translation>
            <numerusform>CPU, %n thread%1</numerusform>
            <numerusform>CPU, %n threads%1</numerusform>
        </translation>
    </message>
    <message>
        <source> (no usable GPU found)</source>
        <translation> (no usable GPU found)</translation>
    </message>
    <message>
        <source> (this build has no CUDA)</source>
        <translation> (this build has no CUDA)</translation>
    </message>
    <message>
        <source>encoder self-attention</source>
        <translation>encoder self-attention</translation>
    </message>
    <message>
        <source>decoder self-attention</source>
        <translation>decoder self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be compared: %2</source>
        <translation>&apos;%1&apos; cannot be compared: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: %2</source>
        <translation>&apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <source>same settings</source>
        <translation>same settings</translation>
    </message>
    <message>
        <source>Probe sentences, line %1: %2</source>
        <translation>Probe sentences, line %1: %2</translation>
    </message>
    <message>
        <source>This view has no queries and keys: they are recorded when a sentence is captured, not in a run&apos;s probe records.</source>
        <translation>This view has no queries and keys: they are recorded when a sentence is captured, not in a run&apos;s probe records.</translation>
    </message>
    <message>
        <source>No such query, layer or head in this view (layer %1, head %2, query %3).</source>
        <translation>No such query, layer or head in this view (layer %1, head %2, query %3).</translation>
    </message>
    <message>
        <source>Stopped: the packages fetched so far stay in the cache for the next try.</source>
        <translation>Stopped: the packages fetched so far stay in the cache for the next try.</translation>
    </message>
    <message>
        <source>apt-get is not on this computer: the demo corpus is made from Debian&apos;s packages. On another system, train on a corpus of your own.</source>
        <translation>apt-get is not on this computer: the demo corpus is made from Debian&apos;s packages. On another system, train on a corpus of your own.</translation>
    </message>
    <message>
        <source>apt-get could not download any of the %1 packages (%2). Refresh the package lists (sudo apt-get update) and try again.</source>
        <translation>apt-get could not download any of the %1 packages (%2). Refresh the package lists (sudo apt-get update) and try again.</translation>
    </message>
    <message>
        <source>dpkg-deb is not on this computer: the demo corpus is made from Debian&apos;s packages.</source>
        <translation>dpkg-deb is not on this computer: the demo corpus is made from Debian&apos;s packages.</translation>
    </message>
    <message>
        <source>  %1 read as %2</source>
        <translation>  %1 read as %2</translation>
    </message>
    <message>
        <source>The ensemble weight &apos;%1&apos; is not a positive number.</source>
        <translation>The ensemble weight &apos;%1&apos; is not a positive number.</translation>
    </message>
    <message numerus="yes">
        <source>%n ensemble weights for %1 models: give one a model, this one first.</source>
        <translation>
            <numerusform>%n ensemble weight for %1 models: give one a model, this one first.</numerusform>
            <numerusform>%n ensemble weights for %1 models: give one a model, this one first.</numerusform>
        </translation>
    </message>
    <message>
        <source>not UTF-8</source>
        <translation>not UTF-8</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>empty</translation>
    </message>
    <message>
        <source>too long</source>
        <translation>too long</translation>
    </message>
    <message>
        <source>lengths too far apart</source>
        <translation>lengths too far apart</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>malformed</translation>
    </message>
    <message>
        <source>no Vietnamese</source>
        <translation>no Vietnamese</translation>
    </message>
    <message>
        <source>no English</source>
        <translation>no English</translation>
    </message>
    <message>
        <source>Read as a translation memory (TMX): a pair from each unit with a Vietnamese and an English variant</source>
        <translation>Read as a translation memory (TMX): a pair from each unit with a Vietnamese and an English variant</translation>
    </message>
    <message>
        <source>%1 %2, e.g. line %3</source>
        <translation>%1 %2, e.g. line %3</translation>
    </message>
    <message>
        <source>repeated</source>
        <translation>repeated</translation>
    </message>
    <message>
        <source>in dev or test</source>
        <translation>in dev or test</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>not found</translation>
    </message>
    <message>
        <source>&apos;%1&apos; or &apos;%2&apos; is not a file</source>
        <translation>&apos;%1&apos; or &apos;%2&apos; is not a file</translation>
    </message>
    <message>
        <source>demo corpus</source>
        <translation>demo corpus</translation>
    </message>
    <message>
        <source>folder of splits</source>
        <translation>folder of splits</translation>
    </message>
    <message>
        <source>IWSLT&apos;15 folder</source>
        <translation>IWSLT&apos;15 folder</translation>
    </message>
    <message>
        <source>two aligned files</source>
        <translation>two aligned files</translation>
    </message>
    <message>
        <source>TSV file</source>
        <translation>TSV file</translation>
    </message>
    <message>
        <source>translation memory (TMX)</source>
        <translation>translation memory (TMX)</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>not readable</translation>
    </message>
    <message>
        <source>%1 (%2, weight %3): %4 training pairs, each trained on %3 times</source>
        <translation>%1 (%2, weight %3): %4 training pairs, each trained on %3 times</translation>
    </message>
    <message>
        <source>%1 (%2): %3 training pairs</source>
        <translation>%1 (%2): %3 training pairs</translation>
    </message>
    <message>
        <source>Training split: %1 pairs an epoch; dev %2, test %3%4</source>
        <translation>Training split: %1 pairs an epoch; dev %2, test %3%4</translation>
    </message>
    <message>
        <source> (held out by hash from all the corpora)</source>
        <translation> (held out by hash from all the corpora)</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warning: %1</translation>
    </message>
    <message>
        <source>toy task: %1</source>
        <translation>toy task: %1</translation>
    </message>
    <message>
        <source>Reverse letters</source>
        <translation>Reverse letters</translation>
    </message>
    <message>
        <source>Copy letters</source>
        <translation>Copy letters</translation>
    </message>
    <message>
        <source>Sort letters</source>
        <translation>Sort letters</translation>
    </message>
    <message>
        <source>Vietnamese phrases</source>
        <translation>Vietnamese phrases</translation>
    </message>
    <message>
        <source>&quot;a c b&quot; becomes &quot;b c a&quot;: the cross-attention forms an anti-diagonal.</source>
        <translation>&quot;a c b&quot; becomes &quot;b c a&quot;: the cross-attention forms an anti-diagonal.</translation>
    </message>
    <message>
        <source>&quot;a c b&quot; stays &quot;a c b&quot;: the cross-attention forms a diagonal.</source>
        <translation>&quot;a c b&quot; stays &quot;a c b&quot;: the cross-attention forms a diagonal.</translation>
    </message>
    <message>
        <source>&quot;c a b&quot; becomes &quot;a b c&quot;: each output letter finds where it stands in the input.</source>
        <translation>&quot;c a b&quot; becomes &quot;a b c&quot;: each output letter finds where it stands in the input.</translation>
    </message>
    <message>
        <source>&quot;tôi thấy hai con mèo đen này&quot; becomes &quot;I see these two black cats&quot;: adjectives and this/that change places, verbs agree with their subject.</source>
        <translation>&quot;tôi thấy hai con mèo đen này&quot; becomes &quot;I see these two black cats&quot;: adjectives and this/that change places, verbs agree with their subject.</translation>
    </message>
    <message>
        <source>zip file: %1</source>
        <translation>zip file: %1</translation>
    </message>
    <message>
        <source>SentencePiece vocabulary: %1 (BPE)</source>
        <translation>SentencePiece vocabulary: %1 (BPE)</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>Row %1</translation>
    </message>
    <message>
        <source>Row %1 (“%2”)</source>
        <translation>Row %1 (“%2”)</translation>
    </message>
    <message>
        <source>Cannot read the glossary %1: %2</source>
        <translation>Cannot read the glossary %1: %2</translation>
    </message>
    <message>
        <source>%1: a term holds a tab or a line break, which a glossary line cannot</source>
        <translation>%1: a term holds a tab or a line break, which a glossary line cannot</translation>
    </message>
    <message>
        <source>%1: the Vietnamese term is empty</source>
        <translation>%1: the Vietnamese term is empty</translation>
    </message>
    <message>
        <source>%1: the English term is empty</source>
        <translation>%1: the English term is empty</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Line %1 of the file: %2</source>
        <translation>Line %1 of the file: %2</translation>
    </message>
    <message>
        <source>Cannot write the glossary %1: %2</source>
        <translation>Cannot write the glossary %1: %2</translation>
    </message>
    <message>
        <source>Splits: %1 pairs for training, dev %2, test %3%4</source>
        <translation>Splits: %1 pairs for training, dev %2, test %3%4</translation>
    </message>
    <message>
        <source> (held out by hash)</source>
        <translation> (held out by hash)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a folder: choose a model file in it, or a run&apos;s checkpoint as the source (Latest or Best checkpoint of a run).</source>
        <translation>&apos;%1&apos; is a folder: choose a model file in it, or a run&apos;s checkpoint as the source (Latest or Best checkpoint of a run).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n pair(s) kept of %2%3</source>
        <translation>
            <numerusform>%1: %n pair kept of %2%3</numerusform>
            <numerusform>%1: %n pairs kept of %2%3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::app</name>
    <message>
        <source>sink: at least %1 of its attention on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</source>
        <translation>sink: at least %1 of its attention on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</translation>
    </message>
    <message>
        <source>previous token: self-attention, at least %1 on the key just before</source>
        <translation>previous token: self-attention, at least %1 on the key just before</translation>
    </message>
    <message>
        <source>next token: encoder self-attention, at least %1 on the key just after</source>
        <translation>next token: encoder self-attention, at least %1 on the key just after</translation>
    </message>
    <message>
        <source>same token: self-attention, at least %1 on its own position</source>
        <translation>same token: self-attention, at least %1 on its own position</translation>
    </message>
    <message>
        <source>diagonal alignment: cross-attention, at least %1 within one key of the scaled diagonal</source>
        <translation>diagonal alignment: cross-attention, at least %1 within one key of the scaled diagonal</translation>
    </message>
    <message>
        <source>broad: entropy at least %1 of the most possible</source>
        <translation>broad: entropy at least %1 of the most possible</translation>
    </message>
    <message>
        <source>mixed: none of these; the first rule that holds wins</source>
        <translation>mixed: none of these; the first rule that holds wins</translation>
    </message>
    <message>
        <source>dead (from Rank heads): switching it off moves dev BLEU by less than %1 and the loss by less than %2 %</source>
        <translation>dead (from Rank heads): switching it off moves dev BLEU by less than %1 and the loss by less than %2 %</translation>
    </message>
    <message>
        <source>punctuation: at least %1 on punctuation, and %2 times its share of the keys</source>
        <translation>punctuation: at least %1 on punctuation, and %2 times its share of the keys</translation>
    </message>
    <message>
        <source>rare words: at least %1 on pieces of words SentencePiece splits, and %2 times their share</source>
        <translation>rare words: at least %1 on pieces of words SentencePiece splits, and %2 times their share</translation>
    </message>
</context>
<context>
    <name>studio::app::BackTranslateSession</name>
    <message>
        <source>Back-translated by %1: %2 English sentences in %3 s (%4 lines left out); %5 synthetic pairs kept beside %6 of the data folder&apos;s.</source>
        <translation>Back-translated by %1: %2 English sentences in %3 s (%4 lines left out); %5 synthetic pairs kept beside %6 of the data folder&apos;s.</translation>
    </message>
    <message>
        <source>%1 translates Vietnamese to English. Back-translation needs a model trained English to Vietnamese on this data folder: choose Direction: English → Vietnamese under Model and train one first.</source>
        <translation>%1 translates Vietnamese to English. Back-translation needs a model trained English to Vietnamese on this data folder: choose Direction: English → Vietnamese under Model and train one first.</translation>
    </message>
    <message>
        <source>A back-translation is already running.</source>
        <translation>A back-translation is already running.</translation>
    </message>
</context>
<context>
    <name>studio::app::DemoCorpusSession</name>
    <message>
        <source>The demo corpus is being fetched already.</source>
        <translation>The demo corpus is being fetched already.</translation>
    </message>
</context>
<context>
    <name>studio::app::DistillSession</name>
    <message>
        <source>A distillation is already running.</source>
        <translation>A distillation is already running.</translation>
    </message>
    <message>
        <source>Distilled by %1: %2 training pairs translated in %3 s (beam %4, %8); %5 % as the references have them, BLEU %6 against them; %7 pairs kept.</source>
        <translation>Distilled by %1: %2 training pairs translated in %3 s (beam %4, %8); %5 % as the references have them, BLEU %6 against them; %7 pairs kept.</translation>
    </message>
</context>
<context>
    <name>studio::app::EmbeddingSession</name>
    <message>
        <source>Capture a sentence with a model first: a timelapse frame has no model file to map.</source>
        <translation>Capture a sentence with a model first: a timelapse frame has no model file to map.</translation>
    </message>
    <message>
        <source>The embeddings are being mapped already.</source>
        <translation>The embeddings are being mapped already.</translation>
    </message>
    <message>
        <source>Map the embeddings first.</source>
        <translation>Map the embeddings first.</translation>
    </message>
</context>
<context>
    <name>studio::app::FaithfulnessSession</name>
    <message>
        <source>Faithfulness is being measured already.</source>
        <translation>Faithfulness is being measured already.</translation>
    </message>
    <message>
        <source>No dev sentences: the model&apos;s run folder names no data folder with dev.vi. Measure with attention-studio-cli faithfulness --src FILE instead.</source>
        <translation>No dev sentences: the model&apos;s run folder names no data folder with dev.vi. Measure with attention-studio-cli faithfulness --src FILE instead.</translation>
    </message>
</context>
<context>
    <name>studio::app::FileTranslationSession</name>
    <message>
        <source>Choose the file to translate and where to write its translation.</source>
        <translation>Choose the file to translate and where to write its translation.</translation>
    </message>
    <message>
        <source>Out of memory while translating %1. Try a smaller beam, or stop training to free memory.</source>
        <translation>Out of memory while translating %1. Try a smaller beam, or stop training to free memory.</translation>
    </message>
    <message>
        <source>A file is being translated already.</source>
        <translation>A file is being translated already.</translation>
    </message>
    <message>
        <source>%1 is not an encoding this app reads.</source>
        <translation>%1 is not an encoding this app reads.</translation>
    </message>
    <message>
        <source>Only a text file translated without Keep tags can be aligned.</source>
        <translation>Only a text file translated without Keep tags can be aligned.</translation>
    </message>
    <message>
        <source>A Word document, PowerPoint presentation, OpenDocument or EPUB book is read as it says it is written, not in %1.</source>
        <translation>A Word document, PowerPoint presentation, OpenDocument or EPUB book is read as it says it is written, not in %1.</translation>
    </message>
</context>
<context>
    <name>studio::app::HeadRankingSession</name>
    <message>
        <source>Heads are being ranked already.</source>
        <translation>Heads are being ranked already.</translation>
    </message>
    <message>
        <source>No dev sentences: the model&apos;s run folder names no data folder with dev.vi and dev.en. Choose the files.</source>
        <translation>No dev sentences: the model&apos;s run folder names no data folder with dev.vi and dev.en. Choose the files.</translation>
    </message>
</context>
<context>
    <name>studio::app::HelpPages</name>
    <message>
        <source>Attention Studio</source>
        <translation>Attention Studio</translation>
    </message>
</context>
<context>
    <name>studio::app::LensSummarySession</name>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Explore a sentence with a model first: a timelapse frame has no model file.</translation>
    </message>
    <message>
        <source>The dev sentences&apos; lens is being summed up already.</source>
        <translation>The dev sentences&apos; lens is being summed up already.</translation>
    </message>
</context>
<context>
    <name>studio::app::MinimalPairsSession</name>
    <message>
        <source>The minimal pairs are being measured already.</source>
        <translation>The minimal pairs are being measured already.</translation>
    </message>
    <message>
        <source>No test sentences: the model&apos;s run folder names no data folder with test.vi and test.en (or dev.vi and dev.en). Read pairs from a file instead.</source>
        <translation>No test sentences: the model&apos;s run folder names no data folder with test.vi and test.en (or dev.vi and dev.en). Read pairs from a file instead.</translation>
    </message>
    <message>
        <source>This model&apos;s run kept no models to test over training: train it with Keep models every N evaluations (keep_models_every).</source>
        <translation>This model&apos;s run kept no models to test over training: train it with Keep models every N evaluations (keep_models_every).</translation>
    </message>
</context>
<context>
    <name>studio::app::NeighboursSession</name>
    <message>
        <source>Capture a sentence with a model first: a timelapse frame has no model to compare with.</source>
        <translation>Capture a sentence with a model first: a timelapse frame has no model to compare with.</translation>
    </message>
    <message>
        <source>No training pairs: the model&apos;s run folder names no data folder with train.vi and train.en (%1).</source>
        <translation>No training pairs: the model&apos;s run folder names no data folder with train.vi and train.en (%1).</translation>
    </message>
    <message>
        <source>Stopped before the training pairs were indexed.</source>
        <translation>Stopped before the training pairs were indexed.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a piece of this model&apos;s vocabulary.</source>
        <translation>&apos;%1&apos; is not a piece of this model&apos;s vocabulary.</translation>
    </message>
    <message>
        <source>Training examples are being looked up already.</source>
        <translation>Training examples are being looked up already.</translation>
    </message>
</context>
<context>
    <name>studio::app::PatchingSession</name>
    <message>
        <source>Type a sentence to find which states carry its translation.</source>
        <translation>Type a sentence to find which states carry its translation.</translation>
    </message>
    <message>
        <source>A patching is under way already.</source>
        <translation>A patching is under way already.</translation>
    </message>
</context>
<context>
    <name>studio::app::PrepareSession</name>
    <message>
        <source>A data preparation is already running.</source>
        <translation>A data preparation is already running.</translation>
    </message>
</context>
<context>
    <name>studio::app::RunTestSession</name>
    <message>
        <source>The run folder %1 names no data folder.</source>
        <translation>The run folder %1 names no data folder.</translation>
    </message>
    <message>
        <source>The run&apos;s data folder %1 has no test split (test.vi and test.en).</source>
        <translation>The run&apos;s data folder %1 has no test split (test.vi and test.en).</translation>
    </message>
    <message>
        <source>%1 and %2 do not hold the same number of lines</source>
        <translation>%1 and %2 do not hold the same number of lines</translation>
    </message>
    <message>
        <source>The run folder %1 has no best.pt yet (it is written at the first evaluation).</source>
        <translation>The run folder %1 has no best.pt yet (it is written at the first evaluation).</translation>
    </message>
    <message>
        <source>loading %1</source>
        <translation>loading %1</translation>
    </message>
    <message>
        <source>translating with %1</source>
        <translation>translating with %1</translation>
    </message>
    <message>
        <source>The runs are being tested already.</source>
        <translation>The runs are being tested already.</translation>
    </message>
    <message>
        <source>loading the runs together</source>
        <translation>loading the runs together</translation>
    </message>
    <message>
        <source>translating with the runs together</source>
        <translation>translating with the runs together</translation>
    </message>
    <message>
        <source>Open a run first.</source>
        <translation>Open a run first.</translation>
    </message>
</context>
<context>
    <name>studio::app::ShortlistSession</name>
    <message>
        <source>No training data to learn from: %1&apos;s run names no data folder with its spm.model. Choose a shortlist, or learn one with attention-studio-cli shortlist --data DIR.</source>
        <translation>No training data to learn from: %1&apos;s run names no data folder with its spm.model. Choose a shortlist, or learn one with attention-studio-cli shortlist --data DIR.</translation>
    </message>
    <message>
        <source>%1 is not the SentencePiece model of %2 (%3): the data folder was prepared again since the model trained. A shortlist learnt from it would not fit.</source>
        <translation>%1 is not the SentencePiece model of %2 (%3): the data folder was prepared again since the model trained. A shortlist learnt from it would not fit.</translation>
    </message>
    <message>
        <source>A shortlist is being learnt already.</source>
        <translation>A shortlist is being learnt already.</translation>
    </message>
    <message>
        <source>Shortlist learnt from %1 training pairs in %2 s</source>
        <translation>Shortlist learnt from %1 training pairs in %2 s</translation>
    </message>
    <message>
        <source>: a dev sentence&apos;s list holds %1 of the %2 pieces on average, and %3 % of its reference&apos;s</source>
        <translation>: a dev sentence&apos;s list holds %1 of the %2 pieces on average, and %3 % of its reference&apos;s</translation>
    </message>
</context>
<context>
    <name>studio::app::SmallAndFastSession</name>
    <message>
        <source>ranking the heads</source>
        <translation>ranking the heads</translation>
    </message>
    <message>
        <source>ranked now</source>
        <translation>ranked now</translation>
    </message>
    <message>
        <source>measuring the ways</source>
        <translation>measuring the ways</translation>
    </message>
    <message>
        <source>A measurement is running already.</source>
        <translation>A measurement is running already.</translation>
    </message>
</context>
<context>
    <name>studio::app::TrainingSession</name>
    <message>
        <source>A training run is already in progress.</source>
        <translation>A training run is already in progress.</translation>
    </message>
    <message>
        <source>Cannot start the other workers: %1 is not there.</source>
        <translation>Cannot start the other workers: %1 is not there.</translation>
    </message>
    <message>
        <source>Cannot write the workers&apos; configuration: %1</source>
        <translation>Cannot write the workers&apos; configuration: %1</translation>
    </message>
    <message>
        <source>Worker %1 ended abruptly (it crashed or was killed).</source>
        <translation>Worker %1 ended abruptly (it crashed or was killed).</translation>
    </message>
    <message>
        <source>Worker %1 stopped with exit code %2.</source>
        <translation>Worker %1 stopped with exit code %2.</translation>
    </message>
    <message>
        <source>This build cannot train on several workers: it was built without c10d&apos;s Gloo.</source>
        <translation>This build cannot train on several workers: it was built without c10d&apos;s Gloo.</translation>
    </message>
    <message>
        <source>Training on %1 workers of %2 threads each (worker 0 here, the others as processes)</source>
        <translation>Training on %1 workers of %2 threads each (worker 0 here, the others as processes)</translation>
    </message>
    <message>
        <source>Cannot write the configuration to time the workers: %1</source>
        <translation>Cannot write the configuration to time the workers: %1</translation>
    </message>
    <message>
        <source>Training in one process of all the threads: it was the faster here.</source>
        <translation>Training in one process of all the threads: it was the faster here.</translation>
    </message>
    <message>
        <source>Training on %1 workers: they were the faster here.</source>
        <translation>Training on %1 workers: they were the faster here.</translation>
    </message>
    <message>
        <source>Could not time the workers: training on %1 workers as configured.</source>
        <translation>Could not time the workers: training on %1 workers as configured.</translation>
    </message>
</context>
<context>
    <name>studio::app::TranslationService</name>
    <message>
        <source>Out of memory while translating. Try a shorter sentence, a smaller beam, or stop training to free memory.</source>
        <translation>Out of memory while translating. Try a shorter sentence, a smaller beam, or stop training to free memory.</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Type a sentence to explore its attention.</translation>
    </message>
    <message>
        <source>Type a sentence to explain its translation.</source>
        <translation>Type a sentence to explain its translation.</translation>
    </message>
    <message>
        <source>Tags are kept a line at a time: turn off Lines wrapped within paragraphs.</source>
        <translation>Tags are kept a line at a time: turn off Lines wrapped within paragraphs.</translation>
    </message>
    <message>
        <source>No tuned lens beside %1 (%2): read as the logit lens. Train one with Train a tuned lens.</source>
        <translation>No tuned lens beside %1 (%2): read as the logit lens. Train one with Train a tuned lens.</translation>
    </message>
    <message>
        <source>%1 cannot be used (%2): read as the logit lens. Train it again with Train a tuned lens.</source>
        <translation>%1 cannot be used (%2): read as the logit lens. Train it again with Train a tuned lens.</translation>
    </message>
</context>
<context>
    <name>studio::app::TunedLensSession</name>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Explore a sentence with a model first: a timelapse frame has no model file.</translation>
    </message>
    <message>
        <source>No data folder is known for %1 (no run folder&apos;s config.json beside it, or its data folder is gone): attention-studio-cli tuned-lens --data DIR trains one from any.</source>
        <translation>No data folder is known for %1 (no run folder&apos;s config.json beside it, or its data folder is gone): attention-studio-cli tuned-lens --data DIR trains one from any.</translation>
    </message>
    <message>
        <source>A tuned lens is being trained already.</source>
        <translation>A tuned lens is being trained already.</translation>
    </message>
</context>
<context>
    <name>studio::ui::AlignmentExportDialog</name>
    <message>
        <source>Save word alignments</source>
        <translation>Save word alignments</translation>
    </message>
    <message>
        <source>Each English word&apos;s strongest Vietnamese word</source>
        <translation>Each English word&apos;s strongest Vietnamese word</translation>
    </message>
    <message>
        <source>Both directions (also each Vietnamese word&apos;s strongest English word)</source>
        <translation>Both directions (also each Vietnamese word&apos;s strongest English word)</translation>
    </message>
    <message>
        <source>Every link of at least the threshold</source>
        <translation>Every link of at least the threshold</translation>
    </message>
    <message>
        <source>Soft: each English word&apos;s weights over the Vietnamese words</source>
        <translation>Soft: each English word&apos;s weights over the Vietnamese words</translation>
    </message>
    <message>
        <source>Both directions link every word of both sentences, as a symmetrized alignment does (Keep tags places tags by these); a threshold keeps the links whose weight is at least it, so a word may have none or several; soft writes each English word&apos;s weights, comma-separated, one group a word</source>
        <translation>Both directions link every word of both sentences, as a symmetrized alignment does (Keep tags places tags by these); a threshold keeps the links whose weight is at least it, so a word may have none or several; soft writes each English word&apos;s weights, comma-separated, one group a word</translation>
    </message>
    <message>
        <source>The least weight a link keeps: an English word&apos;s weights over the Vietnamese words add up to 1</source>
        <translation>The least weight a link keeps: an English word&apos;s weights over the Vietnamese words add up to 1</translation>
    </message>
    <message>
        <source>Read each word at the step that reads it, not the one that wrote it</source>
        <translation>Read each word at the step that reads it, not the one that wrote it</translation>
    </message>
    <message>
        <source>Shift-Att (Chen et al., 2020): the attention of the step that takes the word as its input, once the model has seen it; its gains were reported for a middle layer of deeper models</source>
        <translation>Shift-Att (Chen et al., 2020): the attention of the step that takes the word as its input, once the model has seen it; its gains were reported for a middle layer of deeper models</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Links</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Threshold</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Layer</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Save as…</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Layer %1</translation>
    </message>
    <message>
        <source>Each line of the file with its translation, word for word, read off the cross-attention: the head trained to align where the model has one (guided alignment), else the mean over one layer&apos;s heads. Words are counted from 0 at spaces: &quot;source-target&quot; pairs, as fast_align and Moses write them.</source>
        <translation>Each line of the file with its translation, word for word, read off the cross-attention: the head trained to align where the model has one (guided alignment), else the mean over one layer&apos;s heads. Words are counted from 0 at spaces: &quot;source-target&quot; pairs, as fast_align and Moses write them.</translation>
    </message>
    <message>
        <source>The decoder layer whose cross-attention heads are averaged: in the starter&apos;s 2+2 layers the last aligned best (docs/cli.md). The default reads a model&apos;s head trained to align, where it has one</source>
        <translation>The decoder layer whose cross-attention heads are averaged: in the starter&apos;s 2+2 layers the last aligned best (docs/cli.md). The default reads a model&apos;s head trained to align, where it has one</translation>
    </message>
    <message>
        <source>The head trained to align, else the last</source>
        <translation>The head trained to align, else the last</translation>
    </message>
</context>
<context>
    <name>studio::ui::AlignmentView</name>
    <message>
        <source>Alignment (hover a word):</source>
        <translation>Alignment (hover a word):</translation>
    </message>
    <message>
        <source>Whose cross-attention aligns the words</source>
        <translation>Whose cross-attention aligns the words</translation>
    </message>
    <message>
        <source>Mean over the heads of the last layer</source>
        <translation>Mean over the heads of the last layer</translation>
    </message>
    <message>
        <source>Mean over every layer and head</source>
        <translation>Mean over every layer and head</translation>
    </message>
    <message>
        <source>The most focused head (lowest entropy)</source>
        <translation>The most focused head (lowest entropy)</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Layer %1, head %2</translation>
    </message>
    <message>
        <source>The most focused head: layer %1, head %2 (mean entropy %3 bits)</source>
        <translation>The most focused head: layer %1, head %2 (mean entropy %3 bits)</translation>
    </message>
    <message>
        <source>How much each word&apos;s prediction drew on the Vietnamese sentence rather than on the English words before it: the source&apos;s share of the contributions to the decoder&apos;s last layer, measured with ALTI+ (Ferrando et al., 2022, &quot;Towards Opening the Black Box of Neural Machine Translation&quot;). Low values (red) mark words the model may have made up: Dale et al. (2023) found a low source contribution to be a strong sign of hallucination.</source>
        <translation>How much each word&apos;s prediction drew on the Vietnamese sentence rather than on the English words before it: the source&apos;s share of the contributions to the decoder&apos;s last layer, measured with ALTI+ (Ferrando et al., 2022, &quot;Towards Opening the Black Box of Neural Machine Translation&quot;). Low values (red) mark words the model may have made up: Dale et al. (2023) found a low source contribution to be a strong sign of hallucination.</translation>
    </message>
    <message>
        <source>Drew on the source:</source>
        <translation>Drew on the source:</translation>
    </message>
    <message>
        <source>Mean %1% from the source, %2% from the words before.</source>
        <translation>Mean %1% from the source, %2% from the words before.</translation>
    </message>
    <message>
        <source>Low: this translation may be made up rather than translated.</source>
        <translation>Low: this translation may be made up rather than translated.</translation>
    </message>
    <message>
        <source>The head trained to align (layer %1, head 1)</source>
        <translation>The head trained to align (layer %1, head 1)</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionGrid</name>
    <message>
        <source>%1
layer %2</source>
        <translation>%1
layer %2</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>mean</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>head %1</translation>
    </message>
    <message>
        <source>%1, layer %2, %3</source>
        <translation>%1, layer %2, %3</translation>
    </message>
    <message>
        <source>Open this map</source>
        <translation>Open this map</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionMapView</name>
    <message>
        <source>Attention heatmap</source>
        <translation>Attention heatmap</translation>
    </message>
    <message>
        <source>key (attended to)</source>
        <translation>key (attended to)</translation>
    </message>
    <message>
        <source>query (attending)</source>
        <translation>query (attending)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>weight</translation>
    </message>
    <message>
        <source>Hover over a cell to read its weight.</source>
        <translation>Hover over a cell to read its weight.</translation>
    </message>
    <message>
        <source> (masked)</source>
        <translation> (masked)</translation>
    </message>
    <message>
        <source>%1 “%2” → %3 “%4”: %5%6</source>
        <translation>%1 “%2” → %3 “%4”: %5%6</translation>
    </message>
    <message>
        <source>query</source>
        <translation>query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>key</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionWorkspace</name>
    <message>
        <source>Sentence to explore</source>
        <translation>Sentence to explore</translation>
    </message>
    <message>
        <source>A Vietnamese sentence (or use Explore attention in Translate)</source>
        <translation>A Vietnamese sentence (or use Explore attention in Translate)</translation>
    </message>
    <message>
        <source>no padding</source>
        <translation>no padding</translation>
    </message>
    <message>
        <source>Pad the source to N tokens</source>
        <translation>Pad the source to N tokens</translation>
    </message>
    <message>
        <source>Show the sentence inside a padded batch of this many source tokens, so that the padding mask is visible</source>
        <translation>Show the sentence inside a padded batch of this many source tokens, so that the padding mask is visible</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Capture</translation>
    </message>
    <message>
        <source>Translate the sentence and record every attention weight</source>
        <translation>Translate the sentence and record every attention weight</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation>Sentence:</translation>
    </message>
    <message>
        <source>Padded batch of:</source>
        <translation>Padded batch of:</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Map</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Encoder self-attention</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>Decoder self-attention</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Cross-attention</translation>
    </message>
    <message>
        <source>Attention kind</source>
        <translation>Attention kind</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Layer</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Head</translation>
    </message>
    <message>
        <source>Draw masks</source>
        <translation>Draw masks</translation>
    </message>
    <message>
        <source>Hatch the cells a query may not see: padding keys and the causal upper triangle</source>
        <translation>Hatch the cells a query may not see: padding keys and the causal upper triangle</translation>
    </message>
    <message>
        <source>Merge pieces into words</source>
        <translation>Merge pieces into words</translation>
    </message>
    <message>
        <source>Sum the weights a word&apos;s pieces receive; average over a word&apos;s pieces as queries</source>
        <translation>Sum the weights a word&apos;s pieces receive; average over a word&apos;s pieces as queries</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Heads of this layer</source>
        <translation>Heads of this layer</translation>
    </message>
    <message>
        <source>Entropy of each head</source>
        <translation>Entropy of each head</translation>
    </message>
    <message>
        <source>Entropy (bits)</source>
        <translation>Entropy (bits)</translation>
    </message>
    <message>
        <source>Mean entropy of the attention rows: low = sharp, focused heads</source>
        <translation>Mean entropy of the attention rows: low = sharp, focused heads</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Export as %1</translation>
    </message>
    <message>
        <source>The weights of the map shown, with its labels</source>
        <translation>The weights of the map shown, with its labels</translation>
    </message>
    <message>
        <source>Every weight, token and mask of this sentence</source>
        <translation>Every weight, token and mask of this sentence</translation>
    </message>
    <message>
        <source>A picture of the map shown</source>
        <translation>A picture of the map shown</translation>
    </message>
    <message>
        <source>All layers × heads</source>
        <translation>All layers × heads</translation>
    </message>
    <message>
        <source>Capture a sentence: every layer and head of the three attentions will be shown here.</source>
        <translation>Capture a sentence: every layer and head of the three attentions will be shown here.</translation>
    </message>
    <message>
        <source>Capturing…</source>
        <translation>Capturing…</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Type a sentence to explore its attention.</translation>
    </message>
    <message>
        <source>Mean over heads</source>
        <translation>Mean over heads</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Head %1</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n masked cell(s) carry weight above 1e-6 (largest %1): a masking bug.</source>
        <translation>
            <numerusform>⚠ %n masked cell carries weight above 1e-6 (largest %1): a masking bug.</numerusform>
            <numerusform>⚠ %n masked cells carry weight above 1e-6 (largest %1): a masking bug.</numerusform>
        </translation>
    </message>
    <message>
        <source>Masked cells carry no weight (largest %1).</source>
        <translation>Masked cells carry no weight (largest %1).</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Layer %1</translation>
    </message>
    <message>
        <source>%1 · layer %2 · %3</source>
        <translation>%1 · layer %2 · %3</translation>
    </message>
    <message>
        <source>mean over heads</source>
        <translation>mean over heads</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>head %1</translation>
    </message>
    <message>
        <source>query \ key</source>
        <translation>query \ key</translation>
    </message>
    <message>
        <source>Capture a sentence before exporting.</source>
        <translation>Capture a sentence before exporting.</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 files (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Switch heads off</source>
        <translation>Switch heads off</translation>
    </message>
    <message>
        <source>Beam search</source>
        <translation>Beam search</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt; of the run&apos;s training: &lt;b&gt;%2&lt;/b&gt; → &lt;b&gt;%3&lt;/b&gt;%4</source>
        <translation>&lt;b&gt;Step %1&lt;/b&gt; of the run&apos;s training: &lt;b&gt;%2&lt;/b&gt; → &lt;b&gt;%3&lt;/b&gt;%4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;reference: %1&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;reference: %1&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Heads over training</source>
        <translation>Heads over training</translation>
    </message>
    <message>
        <source>Timelapse…</source>
        <translation>Timelapse…</translation>
    </message>
    <message>
        <source>The map shown at every recorded step of the timelapse: a PNG a step and the weights of every step as CSV</source>
        <translation>The map shown at every recorded step of the timelapse: a PNG a step and the weights of every step as CSV</translation>
    </message>
    <message>
        <source>This run has no probe records to export.</source>
        <translation>This run has no probe records to export.</translation>
    </message>
    <message>
        <source>Export the timelapse into a folder</source>
        <translation>Export the timelapse into a folder</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Explain</translation>
    </message>
    <message>
        <source>The map shown as a vector figure, its weights beside it as CSV</source>
        <translation>The map shown as a vector figure, its weights beside it as CSV</translation>
    </message>
    <message>
        <source>Faithfulness</source>
        <translation>Faithfulness</translation>
    </message>
    <message>
        <source>Sentence of the text</source>
        <translation>Sentence of the text</translation>
    </message>
    <message>
        <source>The text has several sentences: the explorer shows one at a time, as Translate translates them</source>
        <translation>The text has several sentences: the explorer shows one at a time, as Translate translates them</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1 of %2: %3</translation>
    </message>
    <message>
        <source>Query · key</source>
        <translation>Query · key</translation>
    </message>
    <message>
        <source>How a row of the map is made: one query against every key, dimension by dimension</source>
        <translation>How a row of the map is made: one query against every key, dimension by dimension</translation>
    </message>
    <message>
        <source>Hover over a cell to read its weight; double-click it to take its row apart (Query · key).</source>
        <translation>Hover over a cell to read its weight; double-click it to take its row apart (Query · key).</translation>
    </message>
    <message>
        <source>A row of merged words is not one query: untick Merge pieces into words to take a row apart.</source>
        <translation>A row of merged words is not one query: untick Merge pieces into words to take a row apart.</translation>
    </message>
    <message>
        <source>Training examples</source>
        <translation>Training examples</translation>
    </message>
    <message>
        <source>Translation for the model to read</source>
        <translation>Translation for the model to read</translation>
    </message>
    <message>
        <source>The model&apos;s own — or type an English translation to see how the model reads it</source>
        <translation>The model&apos;s own — or type an English translation to see how the model reads it</translation>
    </message>
    <message>
        <source>The model reads this translation instead of writing its own (teacher forcing): the maps are over it, and each of its pieces gets the probability the model gives it there</source>
        <translation>The model reads this translation instead of writing its own (teacher forcing): the maps are over it, and each of its pieces gets the probability the model gives it there</translation>
    </message>
    <message>
        <source>Translation:</source>
        <translation>Translation:</translation>
    </message>
    <message numerus="yes">
        <source>The box holds %n sentence(s), and a translation of your own is for one. Clear the Translation box and capture, then choose a sentence and type its translation.</source>
        <translation>
            <numerusform>The box holds %n sentence, and a translation of your own is for one. Clear the Translation box and capture, then choose a sentence and type its translation.</numerusform>
            <numerusform>The box holds %n sentences, and a translation of your own is for one. Clear the Translation box and capture, then choose a sentence and type its translation.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;small&gt;%1 · %2 source tokens (%3 padding), %4 target tokens · %5+%6 layers, %7 heads&lt;/small&gt;</source>
        <translation>&lt;small&gt;%1 · %2 source tokens (%3 padding), %4 target tokens · %5+%6 layers, %7 heads&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt; (your translation, read by the model)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt; (your translation, read by the model)</translation>
    </message>
    <message>
        <source>The model gives it %1 a piece (the geometric mean, the end included).</source>
        <translation>The model gives it %1 a piece (the geometric mean, the end included).</translation>
    </message>
    <message>
        <source>The model gives it %1 a piece (the geometric mean, the end included); its own translation, “%2”, %3.</source>
        <translation>The model gives it %1 a piece (the geometric mean, the end included); its own translation, “%2”, %3.</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit lens</translation>
    </message>
    <message>
        <source>What the decoder would predict after each of its blocks, as if the model ended there</source>
        <translation>What the decoder would predict after each of its blocks, as if the model ended there</translation>
    </message>
    <message>
        <source>Patching</source>
        <translation>Patching</translation>
    </message>
    <message>
        <source>Which of the model&apos;s states carry the translation: the sentence read with a word changed, each state put back in turn</source>
        <translation>Which of the model&apos;s states carry the translation: the sentence read with a word changed, each state put back in turn</translation>
    </message>
    <message>
        <source>Minimal pairs</source>
        <translation>Minimal pairs</translation>
    </message>
    <message>
        <source>What the model knows: does it prefer the right translation to a copy with one thing made wrong?</source>
        <translation>What the model knows: does it prefer the right translation to a copy with one thing made wrong?</translation>
    </message>
</context>
<context>
    <name>studio::ui::BackTranslationBox</name>
    <message>
        <source>More pairs from English text</source>
        <translation>More pairs from English text</translation>
    </message>
    <message>
        <source>Back-translation: a model trained the other way round (Direction: English → Vietnamese under Model, on this data folder) translates English text into Vietnamese, and each sentence with its English joins the data folder&apos;s pairs in a new data folder beside it. The new model learns to write English from more of it; dev and test stay people&apos;s. English that is a dev, test or training pair&apos;s is left out.</source>
        <translation>Back-translation: a model trained the other way round (Direction: English → Vietnamese under Model, on this data folder) translates English text into Vietnamese, and each sentence with its English joins the data folder&apos;s pairs in a new data folder beside it. The new model learns to write English from more of it; dev and test stay people&apos;s. English that is a dev, test or training pair&apos;s is left out.</translation>
    </message>
    <message>
        <source>English to Vietnamese model</source>
        <translation>English to Vietnamese model</translation>
    </message>
    <message>
        <source>a model file trained English → Vietnamese</source>
        <translation>a model file trained English → Vietnamese</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Choose the English to Vietnamese model</source>
        <translation>Choose the English to Vietnamese model</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Models (*.pt);;All files (*)</translation>
    </message>
    <message>
        <source>English → Vietnamese model</source>
        <translation>English → Vietnamese model</translation>
    </message>
    <message>
        <source>English text</source>
        <translation>English text</translation>
    </message>
    <message>
        <source>English text files, a sentence a line (several: separated by ;)</source>
        <translation>English text files, a sentence a line (several: separated by ;)</translation>
    </message>
    <message>
        <source>Choose English text</source>
        <translation>Choose English text</translation>
    </message>
    <message>
        <source>Text (*.txt *.en);;All files (*)</source>
        <translation>Text (*.txt *.en);;All files (*)</translation>
    </message>
    <message>
        <source>Back-translate</source>
        <translation>Back-translate</translation>
    </message>
    <message>
        <source>Translate the English text now and prepare the new data folder; the form then trains on it (Start)</source>
        <translation>Translate the English text now and prepare the new data folder; the form then trains on it (Start)</translation>
    </message>
</context>
<context>
    <name>studio::ui::BeamExplorer</name>
    <message>
        <source>start</source>
        <translation>start</translation>
    </message>
    <message>
        <source>kept in the beam</source>
        <translation>kept in the beam</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>pruned</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>finished</translation>
    </message>
    <message>
        <source>step %1 · %2 · P = %3 · log P of the prefix = %4%5</source>
        <translation>step %1 · %2 · P = %3 · log P of the prefix = %4%5</translation>
    </message>
    <message>
        <source> · click: start the translation with this</source>
        <translation> · click: start the translation with this</translation>
    </message>
    <message>
        <source>Explore a sentence first.</source>
        <translation>Explore a sentence first.</translation>
    </message>
    <message>
        <source>Clear the forced start</source>
        <translation>Clear the forced start</translation>
    </message>
    <message>
        <source>Every candidate of beam search, one column a step: kept (solid), pruned (grey, dashed), finished (green); the winner&apos;s path is orange. Click a box to start the translation with it and let the model write the rest. Ctrl+wheel zooms, drag to pan.</source>
        <translation>Every candidate of beam search, one column a step: kept (solid), pruned (grey, dashed), finished (green); the winner&apos;s path is orange. Click a box to start the translation with it and let the model write the rest. Ctrl+wheel zooms, drag to pan.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Searching…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Forced to start with &lt;i&gt;%1&lt;/i&gt;: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Forced to start with &lt;i&gt;%1&lt;/i&gt;: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source> &lt;small&gt;(beam %1 · %2 kept, %3 pruned candidates)&lt;/small&gt;</source>
        <translation> &lt;small&gt;(beam %1 · %2 kept, %3 pruned candidates)&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
</context>
<context>
    <name>studio::ui::CorpusList</name>
    <message>
        <source>Corpora</source>
        <translation>Corpora</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>Read as</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Weight</translation>
    </message>
    <message>
        <source>How many times a corpus&apos;s training pairs are trained on an epoch: a small corpus of your own domain beside a large general one is seen that much more often</source>
        <translation>How many times a corpus&apos;s training pairs are trained on an epoch: a small corpus of your own domain beside a large general one is seen that much more often</translation>
    </message>
    <message>
        <source>What to train on: the demo corpus, an IWSLT&apos;15 folder, a folder of split files, a TSV file, a translation memory (TMX), or two line-aligned files written as &quot;SOURCE + TARGET&quot;. Several are read into one data folder: dev and test come from those that have them (or are held out from all), and a pair a corpus before holds is a repeat.</source>
        <translation>What to train on: the demo corpus, an IWSLT&apos;15 folder, a folder of split files, a TSV file, a translation memory (TMX), or two line-aligned files written as &quot;SOURCE + TARGET&quot;. Several are read into one data folder: dev and test come from those that have them (or are held out from all), and a pair a corpus before holds is a repeat.</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <source>Add a corpus folder</source>
        <translation>Add a corpus folder</translation>
    </message>
    <message>
        <source>Choose a corpus folder</source>
        <translation>Choose a corpus folder</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>Add files…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Remove the chosen corpus</source>
        <translation>Remove the chosen corpus</translation>
    </message>
    <message>
        <source>Weight of corpus %1</source>
        <translation>Weight of corpus %1</translation>
    </message>
    <message>
        <source>Add TSV or TMX files, or two aligned files</source>
        <translation>Add TSV or TMX files, or two aligned files</translation>
    </message>
    <message>
        <source>Choose TSV or TMX files (a corpus each), or a Vietnamese and an English file</source>
        <translation>Choose TSV or TMX files (a corpus each), or a Vietnamese and an English file</translation>
    </message>
    <message>
        <source>Toy task</source>
        <translation>Toy task</translation>
    </message>
    <message>
        <source>Train on a toy task instead</source>
        <translation>Train on a toy task instead</translation>
    </message>
    <message>
        <source>A made-up task instead of a corpus, learnt in about a minute: its attention shows a pattern you can predict</source>
        <translation>A made-up task instead of a corpus, learnt in about a minute: its attention shows a pattern you can predict</translation>
    </message>
    <message>
        <source>All files (*);;Translation memories (*.tmx *.tmx.gz);;Tab-separated pairs (*.tsv *.txt *.tsv.gz);;Zip files (*.zip)</source>
        <translation>All files (*);;Translation memories (*.tmx *.tmx.gz);;Tab-separated pairs (*.tsv *.txt *.tsv.gz);;Zip files (*.zip)</translation>
    </message>
    <message>
        <source>Reads %1 in it</source>
        <translation>Reads %1 in it</translation>
    </message>
</context>
<context>
    <name>studio::ui::CorrectionPanel</name>
    <message>
        <source>Correct this translation</source>
        <translation>Correct this translation</translation>
    </message>
    <message>
        <source>Corrected translation</source>
        <translation>Corrected translation</translation>
    </message>
    <message>
        <source>Edit the translation, or click a piece above to choose among the beam&apos;s words there</source>
        <translation>Edit the translation, or click a piece above to choose among the beam&apos;s words there</translation>
    </message>
    <message>
        <source>Decode the rest</source>
        <translation>Decode the rest</translation>
    </message>
    <message>
        <source>Keep the text before the cursor and let the model write the rest</source>
        <translation>Keep the text before the cursor and let the model write the rest</translation>
    </message>
    <message>
        <source>Keep as a correction</source>
        <translation>Keep as a correction</translation>
    </message>
    <message>
        <source>Add this sentence and its corrected translation to corrections.tsv in the model&apos;s run folder</source>
        <translation>Add this sentence and its corrected translation to corrections.tsv in the model&apos;s run folder</translation>
    </message>
    <message>
        <source>Learn from my corrections…</source>
        <translation>Learn from my corrections…</translation>
    </message>
    <message>
        <source>Fine-tune the model on the kept corrections for 200 steps, with its original training data replayed, in the Training workspace: the charts show the corrections&apos; BLEU and the original dev BLEU, the samples every corrected sentence before and after</source>
        <translation>Fine-tune the model on the kept corrections for 200 steps, with its original training data replayed, in the Training workspace: the charts show the corrections&apos; BLEU and the original dev BLEU, the samples every corrected sentence before and after</translation>
    </message>
    <message>
        <source>(no other word in the beam here)</source>
        <translation>(no other word in the beam here)</translation>
    </message>
    <message>
        <source>The correction was not kept: %1</source>
        <translation>The correction was not kept: %1</translation>
    </message>
    <message>
        <source>No corrections kept for this model yet.</source>
        <translation>No corrections kept for this model yet.</translation>
    </message>
    <message numerus="yes">
        <source>%n correction(s) kept for this model%1.</source>
        <translation>
            <numerusform>%n correction kept for this model%1.</numerusform>
            <numerusform>%n corrections kept for this model%1.</numerusform>
        </translation>
    </message>
    <message>
        <source> in %1</source>
        <translation> in %1</translation>
    </message>
    <message>
        <source>Look inside</source>
        <translation>Look inside</translation>
    </message>
    <message>
        <source>Open the attention explorer with the model reading this translation instead of writing its own: its attention over it, and how likely it finds each piece</source>
        <translation>Open the attention explorer with the model reading this translation instead of writing its own: its attention over it, and how likely it finds each piece</translation>
    </message>
    <message>
        <source>Export as TMX…</source>
        <translation>Export as TMX…</translation>
    </message>
    <message>
        <source>Write the kept corrections as a TMX translation memory, for a CAT tool (Trados, memoQ, OmegaT) or another corpus</source>
        <translation>Write the kept corrections as a TMX translation memory, for a CAT tool (Trados, memoQ, OmegaT) or another corpus</translation>
    </message>
    <message>
        <source>Export the corrections as a translation memory</source>
        <translation>Export the corrections as a translation memory</translation>
    </message>
    <message>
        <source>TMX files (*.tmx)</source>
        <translation>TMX files (*.tmx)</translation>
    </message>
    <message>
        <source>The corrections were not exported: %1</source>
        <translation>The corrections were not exported: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n correction(s) exported to %1.</source>
        <translation>
            <numerusform>%n correction exported to %1.</numerusform>
            <numerusform>%n corrections exported to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::ui::EmbeddingView</name>
    <message>
        <source>Vietnamese letters</source>
        <translation>Vietnamese letters</translation>
    </message>
    <message>
        <source>ASCII letters</source>
        <translation>ASCII letters</translation>
    </message>
    <message>
        <source>Digits, symbols</source>
        <translation>Digits, symbols</translation>
    </message>
    <message>
        <source>A piece or word, e.g. file or tập</source>
        <translation>A piece or word, e.g. file or tập</translation>
    </message>
    <message>
        <source>Choose a piece of the vocabulary: its nearest pieces are listed and joined to it</source>
        <translation>Choose a piece of the vocabulary: its nearest pieces are listed and joined to it</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a piece of this model&apos;s vocabulary (a word it splits has no piece of its own: choose one of its pieces).</source>
        <translation>&apos;%1&apos; is not a piece of this model&apos;s vocabulary (a word it splits has no piece of its own: choose one of its pieces).</translation>
    </message>
    <message>
        <source>ASCII letters: English pieces, and Vietnamese ones written without marks. A click on a point shows its nearest pieces.</source>
        <translation>ASCII letters: English pieces, and Vietnamese ones written without marks. A click on a point shows its nearest pieces.</translation>
    </message>
    <message>
        <source>The sentence&apos;s</source>
        <translation>The sentence&apos;s</translation>
    </message>
    <message>
        <source>Chosen, nearest</source>
        <translation>Chosen, nearest</translation>
    </message>
    <message>
        <source>The pieces whose embedding rows point the most the same way (cosine over every dimension)</source>
        <translation>The pieces whose embedding rows point the most the same way (cosine over every dimension)</translation>
    </message>
    <message>
        <source>Piece:</source>
        <translation>Piece:</translation>
    </message>
    <message>
        <source>Capture a sentence to map its model&apos;s embeddings.</source>
        <translation>Capture a sentence to map its model&apos;s embeddings.</translation>
    </message>
    <message>
        <source>Capture a sentence with a model: a timelapse frame has no model file to map.</source>
        <translation>Capture a sentence with a model: a timelapse frame has no model file to map.</translation>
    </message>
    <message>
        <source>Mapping the embeddings of %1…</source>
        <translation>Mapping the embeddings of %1…</translation>
    </message>
    <message>
        <source>first principal component (%1 % of the variance)</source>
        <translation>first principal component (%1 % of the variance)</translation>
    </message>
    <message>
        <source>second principal component (%1 %)</source>
        <translation>second principal component (%1 %)</translation>
    </message>
    <message>
        <source>%1: %2 pieces of %3 dimensions, Vietnamese&apos;s and English&apos;s in one matrix (the output layer&apos;s too). Drag to move, the wheel zooms, a click on a point or a piece typed shows its nearest pieces.</source>
        <translation>%1: %2 pieces of %3 dimensions, Vietnamese&apos;s and English&apos;s in one matrix (the output layer&apos;s too). Drag to move, the wheel zooms, a click on a point or a piece typed shows its nearest pieces.</translation>
    </message>
    <message>
        <source>%1 (piece %2)</source>
        <translation>%1 (piece %2)</translation>
    </message>
    <message>
        <source>Principal components</source>
        <translation>Principal components</translation>
    </message>
    <message>
        <source>t-SNE (neighbourhoods)</source>
        <translation>t-SNE (neighbourhoods)</translation>
    </message>
    <message>
        <source>Principal components: the two directions along which the rows differ most; distances mean something, but few neighbours stay together. t-SNE: each piece near the pieces it is near in every dimension; groups mean something, distances between them and the axes do not.</source>
        <translation>Principal components: the two directions along which the rows differ most; distances mean something, but few neighbours stay together. t-SNE: each piece near the pieces it is near in every dimension; groups mean something, distances between them and the axes do not.</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>Layout:</translation>
    </message>
    <message>
        <source>Laying %1 pieces out with t-SNE… iteration %2 of %3 (the principal components are drawn meanwhile)</source>
        <translation>Laying %1 pieces out with t-SNE… iteration %2 of %3 (the principal components are drawn meanwhile)</translation>
    </message>
    <message>
        <source>Laying the pieces out with t-SNE…</source>
        <translation>Laying the pieces out with t-SNE…</translation>
    </message>
    <message>
        <source>t-SNE, first coordinate (no unit: only neighbourhoods mean something)</source>
        <translation>t-SNE, first coordinate (no unit: only neighbourhoods mean something)</translation>
    </message>
    <message>
        <source>t-SNE, second coordinate</source>
        <translation>t-SNE, second coordinate</translation>
    </message>
    <message>
        <source>t-SNE (perplexity %1) keeps %2 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (the principal components: %3 %).</source>
        <translation>t-SNE (perplexity %1) keeps %2 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (the principal components: %3 %).</translation>
    </message>
    <message>
        <source>Two components keep %1 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (t-SNE keeps more).</source>
        <translation>Two components keep %1 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (t-SNE keeps more).</translation>
    </message>
</context>
<context>
    <name>studio::ui::ExplainPanel</name>
    <message>
        <source>attention weight</source>
        <translation>attention weight</translation>
    </message>
    <message>
        <source>share of the prediction</source>
        <translation>share of the prediction</translation>
    </message>
    <message>
        <source>|gradient × input|</source>
        <translation>|gradient × input|</translation>
    </message>
    <message>
        <source>contribution to log P</source>
        <translation>contribution to log P</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nothing</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Words</translation>
    </message>
    <message>
        <source>Merge pieces into words: scores summed over a word&apos;s inputs, averaged over its pieces</source>
        <translation>Merge pieces into words: scores summed over a word&apos;s inputs, averaged over its pieces</translation>
    </message>
    <message>
        <source>Integrated gradients: points on the path from the padding vector to the input</source>
        <translation>Integrated gradients: points on the path from the padding vector to the input</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Explain</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Method</translation>
    </message>
    <message>
        <source>beside it</source>
        <translation>beside it</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Steps</translation>
    </message>
    <message>
        <source>another word, e.g. folder</source>
        <translation>another word, e.g. folder</translation>
    </message>
    <message>
        <source>Contrast (gradient methods): why</source>
        <translation>Contrast (gradient methods): why</translation>
    </message>
    <message>
        <source>rather than</source>
        <translation>rather than</translation>
    </message>
    <message>
        <source>Explain shows which inputs each word of the translation came from.</source>
        <translation>Explain shows which inputs each word of the translation came from.</translation>
    </message>
    <message>
        <source>input: source pieces, then [the translation so far]</source>
        <translation>input: source pieces, then [the translation so far]</translation>
    </message>
    <message>
        <source>predicted piece</source>
        <translation>predicted piece</translation>
    </message>
    <message>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>predicted</translation>
    </message>
    <message>
        <source>input</source>
        <translation>input</translation>
    </message>
    <message>
        <source>Export the explanation</source>
        <translation>Export the explanation</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Could not write &apos;%1&apos; and its .json.</translation>
    </message>
    <message>
        <source>Could not explain: %1</source>
        <translation>Could not explain: %1</translation>
    </message>
    <message>
        <source>Type a sentence above, then Explain.</source>
        <translation>Type a sentence above, then Explain.</translation>
    </message>
    <message>
        <source>Explaining “%1”…</source>
        <translation>Explaining “%1”…</translation>
    </message>
    <message>
        <source>input: source, then [the translation so far]</source>
        <translation>input: source, then [the translation so far]</translation>
    </message>
    <message>
        <source> — row %1: “%2” rather than “%3”</source>
        <translation> — row %1: “%2” rather than “%3”</translation>
    </message>
    <message>
        <source>“%1” → “%2” (%3 ms)</source>
        <translation>“%1” → “%2” (%3 ms)</translation>
    </message>
    <message>
        <source>integrated gradients: each row adds up to its change in log-probability from the baseline within %1 (the largest change is %2); more steps close the gap</source>
        <translation>integrated gradients: each row adds up to its change in log-probability from the baseline within %1 (the largest change is %2); more steps close the gap</translation>
    </message>
    <message>
        <source>The maps shown, side by side, as SVG or PDF, their numbers beside them as JSON</source>
        <translation>The maps shown, side by side, as SVG or PDF, their numbers beside them as JSON</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Explanation</translation>
    </message>
    <message>
        <source>Attention: the decoder layer whose cross- and self-attention are shown</source>
        <translation>Attention: the decoder layer whose cross- and self-attention are shown</translation>
    </message>
    <message>
        <source>Attention of</source>
        <translation>Attention of</translation>
    </message>
    <message>
        <source>the last layer</source>
        <translation>the last layer</translation>
    </message>
    <message>
        <source>every layer (mean)</source>
        <translation>every layer (mean)</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>layer %1</translation>
    </message>
    <message>
        <source>mean of the heads</source>
        <translation>mean of the heads</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>head %1</translation>
    </message>
    <message>
        <source> — %1, %2</source>
        <translation> — %1, %2</translation>
    </message>
</context>
<context>
    <name>studio::ui::FaithfulnessPanel</name>
    <message>
        <source>Random order</source>
        <translation>Random order</translation>
    </message>
    <message>
        <source>The first sentences of the model&apos;s dev split</source>
        <translation>The first sentences of the model&apos;s dev split</translation>
    </message>
    <message>
        <source>masked out (&lt;pad&gt;)</source>
        <translation>masked out (&lt;pad&gt;)</translation>
    </message>
    <message>
        <source>replaced by &lt;unk&gt;</source>
        <translation>replaced by &lt;unk&gt;</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Measure</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>The chart as SVG or PDF, the curves beside it as JSON</source>
        <translation>The chart as SVG or PDF, the curves beside it as JSON</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Dev sentences</translation>
    </message>
    <message>
        <source>Removed pieces are</source>
        <translation>Removed pieces are</translation>
    </message>
    <message>
        <source>Which explanation tells the truth about this model? For every word of the model&apos;s own translations, each method ranks the source pieces; removing the top-ranked ones should make the word unlikely at once (deletion: the lower the area, the more faithful), and putting only them back should restore it (insertion: the higher, the better). A random order is the line to beat.</source>
        <translation>Which explanation tells the truth about this model? For every word of the model&apos;s own translations, each method ranks the source pieces; removing the top-ranked ones should make the word unlikely at once (deletion: the lower the area, the more faithful), and putting only them back should restore it (insertion: the higher, the better). A random order is the line to beat.</translation>
    </message>
    <message>
        <source>P(the predicted piece)</source>
        <translation>P(the predicted piece)</translation>
    </message>
    <message>
        <source>share of the source removed, best-ranked first</source>
        <translation>share of the source removed, best-ranked first</translation>
    </message>
    <message>
        <source>share of the source put back, best-ranked first</source>
        <translation>share of the source put back, best-ranked first</translation>
    </message>
    <message>
        <source>Deletion (lower is more faithful)</source>
        <translation>Deletion (lower is more faithful)</translation>
    </message>
    <message>
        <source>Insertion (higher is more faithful)</source>
        <translation>Insertion (higher is more faithful)</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Method</translation>
    </message>
    <message>
        <source>Deletion area ↓</source>
        <translation>Deletion area ↓</translation>
    </message>
    <message>
        <source>Insertion area ↑</source>
        <translation>Insertion area ↑</translation>
    </message>
    <message>
        <source>Insertion − deletion</source>
        <translation>Insertion − deletion</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Seconds</translation>
    </message>
    <message>
        <source>Could not measure: %1</source>
        <translation>Could not measure: %1</translation>
    </message>
    <message>
        <source>Export the faithfulness chart</source>
        <translation>Export the faithfulness chart</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Could not write &apos;%1&apos; and its .json.</translation>
    </message>
    <message numerus="yes">
        <source>Measuring every method on %n dev sentence(s)…</source>
        <translation>
            <numerusform>Measuring every method on %n dev sentence…</numerusform>
            <numerusform>Measuring every method on %n dev sentences…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sentences, %2 predicted pieces (%3 s)%4</source>
        <translation>%1 sentences, %2 predicted pieces (%3 s)%4</translation>
    </message>
    <message>
        <source>, stopped early</source>
        <translation>, stopped early</translation>
    </message>
    <message>
        <source>. Most faithful here: %1 (deletion area %2 against random&apos;s %3, insertion %4 against %5).</source>
        <translation>. Most faithful here: %1 (deletion area %2 against random&apos;s %3, insertion %4 against %5).</translation>
    </message>
    <message>
        <source> Saved to %1.</source>
        <translation> Saved to %1.</translation>
    </message>
    <message>
        <source>Faithfulness of the explanations</source>
        <translation>Faithfulness of the explanations</translation>
    </message>
</context>
<context>
    <name>studio::ui::FileTranslationBar</name>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Stop after the batch being translated; nothing is written</source>
        <translation>Stop after the batch being translated; nothing is written</translation>
    </message>
    <message>
        <source>Open the translation</source>
        <translation>Open the translation</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Hide</translation>
    </message>
    <message>
        <source>Hide the file translation</source>
        <translation>Hide the file translation</translation>
    </message>
    <message>
        <source>Translating %1: %2 of %3 sentences…</source>
        <translation>Translating %1: %2 of %3 sentences…</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n line(s)</source>
        <translation>
            <numerusform>%1 → %2: %n line</numerusform>
            <numerusform>%1 → %2: %n lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n sentence(s)) in %1 s.</source>
        <translation>
            <numerusform>(%n sentence) in %1 s.</numerusform>
            <numerusform>(%n sentences) in %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) longer than the model&apos;s positions were translated in parts (hover for which).</source>
        <translation>
            <numerusform>%n sentence longer than the model&apos;s positions was translated in parts (hover for which).</numerusform>
            <numerusform>%n sentences longer than the model&apos;s positions were translated in parts (hover for which).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: nothing was written to %1.</source>
        <translation>Stopped: nothing was written to %1.</translation>
    </message>
    <message>
        <source>%1 was not translated: %2</source>
        <translation>%1 was not translated: %2</translation>
    </message>
    <message>
        <source>Translate a file</source>
        <translation>Translate a file</translation>
    </message>
    <message>
        <source>Save the translation as</source>
        <translation>Save the translation as</translation>
    </message>
    <message>
        <source>Reading %1 and loading the model…</source>
        <translation>Reading %1 and loading the model…</translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) recurred and took the translation decoded the first time.</source>
        <translation>
            <numerusform>%n sentence recurred and took the translation decoded the first time.</numerusform>
            <numerusform>%n sentences recurred and took the translation decoded the first time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line break(s) fall inside sentences: if the text is wrapped over lines, translate it again with Lines wrapped within paragraphs.</source>
        <translation>
            <numerusform>%n line break falls inside a sentence: if the text is wrapped over lines, translate it again with Lines wrapped within paragraphs.</numerusform>
            <numerusform>%n line breaks fall inside sentences: if the text is wrapped over lines, translate it again with Lines wrapped within paragraphs.</numerusform>
        </translation>
    </message>
    <message>
        <source>Read it as %1</source>
        <translation>Read it as %1</translation>
    </message>
    <message>
        <source>Translate %1 as Vietnamese text in %2, an 8-bit encoding from before Unicode</source>
        <translation>Translate %1 as Vietnamese text in %2, an 8-bit encoding from before Unicode</translation>
    </message>
    <message>
        <source>Read and written in %1.</source>
        <translation>Read and written in %1.</translation>
    </message>
    <message>
        <source>The translation: %1</source>
        <translation>The translation: %1</translation>
    </message>
    <message numerus="yes">
        <source>An ensemble of %n model(s) translated it.</source>
        <translation>
            <numerusform>An ensemble of %n model translated it.</numerusform>
            <numerusform>An ensemble of %n models translated it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n XLIFF segment(s) given a translation</source>
        <translation>
            <numerusform>%1 → %2: %n XLIFF segment given a translation</numerusform>
            <numerusform>%1 → %2: %n XLIFF segments given a translation</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n sentence(s)) in %1 s;</source>
        <translation>
            <numerusform>(%n sentence) in %1 s;</numerusform>
            <numerusform>(%n sentences) in %1 s;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kept as they were (they had one),</source>
        <translation>
            <numerusform>%n kept as it was (it had one),</numerusform>
            <numerusform>%n kept as they were (they had one),</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not to be translated.</source>
        <translation>
            <numerusform>%n not to be translated.</numerusform>
            <numerusform>%n not to be translated.</numerusform>
        </translation>
    </message>
    <message>
        <source>Glossary: %1.</source>
        <translation>Glossary: %1.</translation>
    </message>
    <message>
        <source>Save as a translation memory…</source>
        <translation>Save as a translation memory…</translation>
    </message>
    <message>
        <source>Save each sentence and its translation as a TMX file, for a CAT tool (OmegaT, Trados, memoQ) to review and reuse</source>
        <translation>Save each sentence and its translation as a TMX file, for a CAT tool (OmegaT, Trados, memoQ) to review and reuse</translation>
    </message>
    <message>
        <source>Save the translation memory as</source>
        <translation>Save the translation memory as</translation>
    </message>
    <message>
        <source>Translation memories (*.tmx);;All files (*)</source>
        <translation>Translation memories (*.tmx);;All files (*)</translation>
    </message>
    <message>
        <source>The translation memory was not saved: %1</source>
        <translation>The translation memory was not saved: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n translation unit(s) saved to %1.</source>
        <translation>
            <numerusform>%n translation unit saved to %1.</numerusform>
            <numerusform>%n translation units saved to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) translated as nothing left out.</source>
        <translation>
            <numerusform>%n sentence translated as nothing left out.</numerusform>
            <numerusform>%n sentences translated as nothing left out.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save word alignments…</source>
        <translation>Save word alignments…</translation>
    </message>
    <message>
        <source>Save the word alignments as</source>
        <translation>Save the word alignments as</translation>
    </message>
    <message>
        <source>Word alignments (*.align);;All files (*)</source>
        <translation>Word alignments (*.align);;All files (*)</translation>
    </message>
    <message>
        <source>Aligning %1 with its translation: %2 of %3 lines…</source>
        <translation>Aligning %1 with its translation: %2 of %3 lines…</translation>
    </message>
    <message numerus="yes">
        <source>Word alignments of %n line(s) saved to %1</source>
        <translation>
            <numerusform>Word alignments of %n line saved to %1</numerusform>
            <numerusform>Word alignments of %n lines saved to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n link(s)).</source>
        <translation>
            <numerusform>(%n link).</numerusform>
            <numerusform>(%n links).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: the word alignments were not saved.</source>
        <translation>Stopped: the word alignments were not saved.</translation>
    </message>
    <message>
        <source>The word alignments were not saved: %1</source>
        <translation>The word alignments were not saved: %1</translation>
    </message>
    <message>
        <source>Aligning %1 with its translation…</source>
        <translation>Aligning %1 with its translation…</translation>
    </message>
    <message>
        <source>Save, for each line, which Vietnamese words each English word drew on (read off the cross-attention): &quot;source-target&quot; word pairs counted from 0, as fast_align and Moses write them, or the weights themselves</source>
        <translation>Save, for each line, which Vietnamese words each English word drew on (read off the cross-attention): &quot;source-target&quot; word pairs counted from 0, as fast_align and Moses write them, or the weights themselves</translation>
    </message>
    <message>
        <source>(soft weights).</source>
        <translation>(soft weights).</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n block(s) of text translated</source>
        <translation>
            <numerusform>%1 → %2: %n block of text translated</numerusform>
            <numerusform>%1 → %2: %n blocks of text translated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n element(s) marked not to be translated left as written.</source>
        <translation>
            <numerusform>%n element marked not to be translated left as written.</numerusform>
            <numerusform>%n elements marked not to be translated left as written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n attribute(s) (alt, title…)</source>
        <translation>
            <numerusform>and %n attribute (alt, title…)</numerusform>
            <numerusform>and %n attributes (alt, title…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Read in %1; written in UTF-8, as the page now says.</source>
        <translation>Read in %1; written in UTF-8, as the page now says.</translation>
    </message>
    <message numerus="yes">
        <source>%n element(s) in another language (lang) left as written.</source>
        <translation>
            <numerusform>%n element in another language (lang) left as written.</numerusform>
            <numerusform>%n elements in another language (lang) left as written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n paragraph(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n paragraph translated</numerusform>
            <numerusform>%1 → %2: %n paragraphs translated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n paragraph(s) kept as written (hover for why).</source>
        <translation>
            <numerusform>%n paragraph kept as written (hover for why).</numerusform>
            <numerusform>%n paragraphs kept as written (hover for why).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) not translated.</source>
        <translation>
            <numerusform>%n comment not translated.</numerusform>
            <numerusform>%n comments not translated.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them in the old .Vn fonts, read as TCVN3.</source>
        <translation>
            <numerusform>%n of them in the old .Vn fonts, read as TCVN3.</numerusform>
            <numerusform>%n of them in the old .Vn fonts, read as TCVN3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n page(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n page translated</numerusform>
            <numerusform>%1 → %2: %n pages translated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n block(s) of text,</source>
        <translation>
            <numerusform>(%n block of text,</numerusform>
            <numerusform>(%n blocks of text,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attribute(s) and</source>
        <translation>
            <numerusform>%n attribute and</numerusform>
            <numerusform>%n attributes and</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n title(s) and table of contents label(s);</source>
        <translation>
            <numerusform>%n title or table of contents label;</numerusform>
            <numerusform>%n titles and table of contents labels;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s)) in %1 s.</source>
        <translation>
            <numerusform>%n sentence) in %1 s.</numerusform>
            <numerusform>%n sentences) in %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) or part(s) of the book not read as it says (hover for which).</source>
        <translation>
            <numerusform>%n file or part of the book not read as it says (hover for which).</numerusform>
            <numerusform>%n files or parts of the book not read as it says (hover for which).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n subtitle(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n subtitle translated</numerusform>
            <numerusform>%1 → %2: %n subtitles translated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n text(s) with no timing line before them translated where they stand (hover for which).</source>
        <translation>
            <numerusform>%n text with no timing line before it translated where it stands (hover for which).</numerusform>
            <numerusform>%n texts with no timing line before them translated where they stand (hover for which).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n text(s) of cells and text boxes translated</source>
        <translation>
            <numerusform>%1 → %2: %n text of cells and text boxes translated</numerusform>
            <numerusform>%1 → %2: %n texts of cells and text boxes translated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n code or HTML block(s) kept as written.</source>
        <translation>
            <numerusform>%n code or HTML block kept as written.</numerusform>
            <numerusform>%n code or HTML blocks kept as written.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.vi *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</source>
        <translation>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.vi *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</translation>
    </message>
    <message>
        <source>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.en *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</source>
        <translation>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.en *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n of them in VNI fonts, read as VNI.</source>
        <translation>
            <numerusform>%n of them in VNI fonts, read as VNI.</numerusform>
            <numerusform>%n of them in VNI fonts, read as VNI.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::ui::FineTuneBox</name>
    <message>
        <source>Start from</source>
        <translation>Start from</translation>
    </message>
    <message>
        <source>Continue from a model…</source>
        <translation>Continue from a model…</translation>
    </message>
    <message>
        <source>Fine-tune a trained model (best.pt of a run, or any checkpoint) on the corpus above: its vocabulary and shape are kept and the corpus is prepared with its SentencePiece model</source>
        <translation>Fine-tune a trained model (best.pt of a run, or any checkpoint) on the corpus above: its vocabulary and shape are kept and the corpus is prepared with its SentencePiece model</translation>
    </message>
    <message>
        <source>Choose a model to continue from</source>
        <translation>Choose a model to continue from</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Models (*.pt);;All files (*)</translation>
    </message>
    <message>
        <source>New model</source>
        <translation>New model</translation>
    </message>
    <message>
        <source>Train a new model from random weights (the preset below decides its shape)</source>
        <translation>Train a new model from random weights (the preset below decides its shape)</translation>
    </message>
    <message>
        <source>Original data</source>
        <translation>Original data</translation>
    </message>
    <message>
        <source>The data folder the model learnt from: its dev split is evaluated beside the new one (the brown points of the BLEU chart show what fine-tuning forgets), and its training pairs are replayed. Empty: neither.</source>
        <translation>The data folder the model learnt from: its dev split is evaluated beside the new one (the brown points of the BLEU chart show what fine-tuning forgets), and its training pairs are replayed. Empty: neither.</translation>
    </message>
    <message>
        <source>Replay share</source>
        <translation>Replay share</translation>
    </message>
    <message>
        <source>Share of the training pairs drawn from the original data, against forgetting (0: the new corpus only)</source>
        <translation>Share of the training pairs drawn from the original data, against forgetting (0: the new corpus only)</translation>
    </message>
    <message>
        <source>Cannot continue from &apos;%1&apos;: %2</source>
        <translation>Cannot continue from &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>A new model, from random weights.</source>
        <translation>A new model, from random weights.</translation>
    </message>
    <message>
        <source>Fine-tuning %1: its weights, vocabulary (%2) and shape; a fresh optimizer. The corpus is prepared with that SentencePiece model.</source>
        <translation>Fine-tuning %1: its weights, vocabulary (%2) and shape; a fresh optimizer. The corpus is prepared with that SentencePiece model.</translation>
    </message>
</context>
<context>
    <name>studio::ui::FirstRunPanel</name>
    <message>
        <source>&lt;b&gt;Train your first translator&lt;/b&gt;</source>
        <translation>&lt;b&gt;Train your first translator&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Measuring this computer&apos;s speed…</source>
        <translation>Measuring this computer&apos;s speed…</translation>
    </message>
    <message>
        <source>Run folder for the starter model</source>
        <translation>Run folder for the starter model</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Change…</translation>
    </message>
    <message>
        <source>Folder for the run</source>
        <translation>Folder for the run</translation>
    </message>
    <message>
        <source>Train the starter model</source>
        <translation>Train the starter model</translation>
    </message>
    <message>
        <source>Set up a run myself</source>
        <translation>Set up a run myself</translation>
    </message>
    <message>
        <source>Train a starter model on the demo corpus: Vietnamese and English messages of free software, about 60,000 sentence pairs. After its first evaluation you can type in Translate and look inside in Attention without choosing anything; it keeps improving while you do.</source>
        <translation>Train a starter model on the demo corpus: Vietnamese and English messages of free software, about 60,000 sentence pairs. After its first evaluation you can type in Translate and look inside in Attention without choosing anything; it keeps improving while you do.</translation>
    </message>
    <message>
        <source>Run folder:</source>
        <translation>Run folder:</translation>
    </message>
    <message>
        <source>Could not measure this computer&apos;s speed: %1</source>
        <translation>Could not measure this computer&apos;s speed: %1</translation>
    </message>
    <message numerus="yes">
        <source>About %n minute(s) on this computer (%1 steps of %2 s, in %3), measured just now.</source>
        <translation>
            <numerusform>About %n minute on this computer (%1 steps of %2 s, in %3), measured just now.</numerusform>
            <numerusform>About %n minutes on this computer (%1 steps of %2 s, in %3), measured just now.</numerusform>
        </translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message numerus="yes">
        <source>Train the starter model (about %n minute(s))</source>
        <translation>
            <numerusform>Train the starter model (about %n minute)</numerusform>
            <numerusform>Train the starter model (about %n minutes)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 workers</source>
        <translation>%1 on %2 workers</translation>
    </message>
    <message>
        <source>Get the demo corpus</source>
        <translation>Get the demo corpus</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Downloading package %1 of %2…</source>
        <translation>Downloading package %1 of %2…</translation>
    </message>
    <message>
        <source>Unpacking package %1 of %2…</source>
        <translation>Unpacking package %1 of %2…</translation>
    </message>
    <message>
        <source>Reading the catalogs, cleaning and splitting the pairs…</source>
        <translation>Reading the catalogs, cleaning and splitting the pairs…</translation>
    </message>
    <message>
        <source>The demo corpus is ready: %1 sentence pairs from %2 catalogs.</source>
        <translation>The demo corpus is ready: %1 sentence pairs from %2 catalogs.</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) could not be downloaded: %1.</source>
        <translation>
            <numerusform>%n package could not be downloaded: %1.</numerusform>
            <numerusform>%n packages could not be downloaded: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo corpus is not on this computer yet. It is made from the Vietnamese message catalogs of %1 Debian packages: Get the demo corpus downloads them once with apt-get (about 750 MB, kept in %2) and builds it, in a few minutes. Or set up a run with your own corpus.</source>
        <translation>The demo corpus is not on this computer yet. It is made from the Vietnamese message catalogs of %1 Debian packages: Get the demo corpus downloads them once with apt-get (about 750 MB, kept in %2) and builds it, in a few minutes. Or set up a run with your own corpus.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <source>Toy task</source>
        <translation>Toy task</translation>
    </message>
    <message>
        <source>Train on the toy task</source>
        <translation>Train on the toy task</translation>
    </message>
    <message>
        <source>Or watch a small Transformer learn a toy task first, in about a minute, with nothing to download:</source>
        <translation>Or watch a small Transformer learn a toy task first, in about a minute, with nothing to download:</translation>
    </message>
    <message>
        <source>Before it trains, it times the %1 workers against one process of all the threads, and trains the faster way.</source>
        <translation>Before it trains, it times the %1 workers against one process of all the threads, and trains the faster way.</translation>
    </message>
</context>
<context>
    <name>studio::ui::GlossaryEditor</name>
    <message>
        <source>Glossary terms</source>
        <translation>Glossary terms</translation>
    </message>
    <message>
        <source>Vietnamese (as typed)</source>
        <translation>Vietnamese (as typed)</translation>
    </message>
    <message>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <source>Where the Vietnamese words occur in a sentence (case and diacritics as typed, whole words), its translation contains the English</source>
        <translation>Where the Vietnamese words occur in a sentence (case and diacritics as typed, whole words), its translation contains the English</translation>
    </message>
    <message>
        <source>Add a term</source>
        <translation>Add a term</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Remove the chosen terms</source>
        <translation>Remove the chosen terms</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Save as…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Save the glossary as</source>
        <translation>Save the glossary as</translation>
    </message>
    <message>
        <source>Glossaries (*.tsv *.txt)</source>
        <translation>Glossaries (*.tsv *.txt)</translation>
    </message>
    <message>
        <source>%1 Fix it in a text editor; here, a new glossary.</source>
        <translation>%1 Fix it in a text editor; here, a new glossary.</translation>
    </message>
    <message>
        <source>New glossary</source>
        <translation>New glossary</translation>
    </message>
    <message>
        <source>Glossary: %1%2 — Attention Studio</source>
        <translation>Glossary: %1%2 — Attention Studio</translation>
    </message>
    <message>
        <source>A new glossary: Save writes it as a TSV file, a term a line (VIETNAMESE&lt;TAB&gt;ENGLISH), and Translate follows it.</source>
        <translation>A new glossary: Save writes it as a TSV file, a term a line (VIETNAMESE&lt;TAB&gt;ENGLISH), and Translate follows it.</translation>
    </message>
    <message>
        <source>%1 is a TBX termbase: its terms are shown here, and Save as… writes them as a TSV glossary (the termbase is edited in your terminology tool).</source>
        <translation>%1 is a TBX termbase: its terms are shown here, and Save as… writes them as a TSV glossary (the termbase is edited in your terminology tool).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n term(s); its comments and blank lines stay where they are.</source>
        <translation>
            <numerusform>%1: %n term; its comments and blank lines stay where they are.</numerusform>
            <numerusform>%1: %n terms; its comments and blank lines stay where they are.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is the termbase: save the TSV glossary under another name.</source>
        <translation>%1 is the termbase: save the TSV glossary under another name.</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossary</translation>
    </message>
    <message>
        <source>Save the changes to the glossary?</source>
        <translation>Save the changes to the glossary?</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadAblationPanel</name>
    <message>
        <source>Click heads to switch them off: the sentence is translated again with their outputs set to zero (the weights are not changed). Click again to switch a head back on.</source>
        <translation>Click heads to switch them off: the sentence is translated again with their outputs set to zero (the weights are not changed). Click again to switch a head back on.</translation>
    </message>
    <message>
        <source>Switch every head on</source>
        <translation>Switch every head on</translation>
    </message>
    <message>
        <source>Explore a sentence first.</source>
        <translation>Explore a sentence first.</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Encoder self-attention</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>Decoder self-attention</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Cross-attention</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>layer %1</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3</source>
        <translation>%1, layer %2, head %3</translation>
    </message>
    <message>
        <source>%1: click to switch it off or on (--head-mask %2:%3:%4)</source>
        <translation>%1: click to switch it off or on (--head-mask %2:%3:%4)</translation>
    </message>
    <message>
        <source>Translating…</source>
        <translation>Translating…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every head on:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Every head on:&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n head(s) off:&lt;/b&gt; %1</source>
        <translation>
            <numerusform>&lt;b&gt;%n head off:&lt;/b&gt; %1</numerusform>
            <numerusform>&lt;b&gt;%n heads off:&lt;/b&gt; %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Every head is on: both lines are the same model.</source>
        <translation>Every head is on: both lines are the same model.</translation>
    </message>
    <message>
        <source>The translation did not change (translate --head-mask %1).</source>
        <translation>The translation did not change (translate --head-mask %1).</translation>
    </message>
    <message>
        <source>The translation changed: struck words are gone, marked words are new (translate --head-mask %1).</source>
        <translation>The translation changed: struck words are gone, marked words are new (translate --head-mask %1).</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>
Off alone: BLEU %1 (drop %2), loss %3 (rise %4)</source>
        <translation>
Off alone: BLEU %1 (drop %2), loss %3 (rise %4)</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadImportanceChart</name>
    <message>
        <source>Rank every head on</source>
        <translation>Rank every head on</translation>
    </message>
    <message>
        <source>How many dev sentences to translate for each head switched off</source>
        <translation>How many dev sentences to translate for each head switched off</translation>
    </message>
    <message>
        <source>dev sentences</source>
        <translation>dev sentences</translation>
    </message>
    <message>
        <source>Rank heads</source>
        <translation>Rank heads</translation>
    </message>
    <message>
        <source>Translate the dev sentences with each head alone switched off: BLEU drop and loss rise (Michel et al. 2019)</source>
        <translation>Translate the dev sentences with each head alone switched off: BLEU drop and loss rise (Michel et al. 2019)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>BLEU drop with the head off</source>
        <translation>BLEU drop with the head off</translation>
    </message>
    <message>
        <source>Measured %1 of %2 (every head on first, then each head off).</source>
        <translation>Measured %1 of %2 (every head on first, then each head off).</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>Explore a sentence first: the heads are the explorer&apos;s model&apos;s.</source>
        <translation>Explore a sentence first: the heads are the explorer&apos;s model&apos;s.</translation>
    </message>
    <message>
        <source>Loading the model and the dev sentences…</source>
        <translation>Loading the model and the dev sentences…</translation>
    </message>
    <message>
        <source>Stopping after the head being measured…</source>
        <translation>Stopping after the head being measured…</translation>
    </message>
    <message>
        <source>%1 sentences, every head on: BLEU %2, loss %3 · %4 heads measured in %5 s%6%7</source>
        <translation>%1 sentences, every head on: BLEU %2, loss %3 · %4 heads measured in %5 s%6%7</translation>
    </message>
    <message>
        <source> (stopped early)</source>
        <translation> (stopped early)</translation>
    </message>
    <message>
        <source> · saved to %1</source>
        <translation> · saved to %1</translation>
    </message>
    <message>
        <source>BLEU drop</source>
        <translation>BLEU drop</translation>
    </message>
    <message>
        <source>and the pruning curve</source>
        <translation>and the pruning curve</translation>
    </message>
    <message>
        <source>Then switch the least important heads off one by one (each layer keeps one head of each kind) and draw BLEU and loss against the heads left</source>
        <translation>Then switch the least important heads off one by one (each layer keeps one head of each kind) and draw BLEU and loss against the heads left</translation>
    </message>
    <message>
        <source>BLEU and loss against the heads left</source>
        <translation>BLEU and loss against the heads left</translation>
    </message>
    <message>
        <source>heads left (the least important switched off first)</source>
        <translation>heads left (the least important switched off first)</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadTimelineView</name>
    <message>
        <source>enc</source>
        <translation>enc</translation>
    </message>
    <message>
        <source>dec</source>
        <translation>dec</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>cross</translation>
    </message>
    <message>
        <source>Statistic of each head</source>
        <translation>Statistic of each head</translation>
    </message>
    <message>
        <source>Entropy (bits): low = focused</source>
        <translation>Entropy (bits): low = focused</translation>
    </message>
    <message>
        <source>Weight on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</source>
        <translation>Weight on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</translation>
    </message>
    <message>
        <source>Weight on the diagonal (cross-attention: scaled to the source)</source>
        <translation>Weight on the diagonal (cross-attention: scaled to the source)</translation>
    </message>
    <message>
        <source>Each head over training:</source>
        <translation>Each head over training:</translation>
    </message>
    <message>
        <source>Each head&apos;s statistic over the training steps</source>
        <translation>Each head&apos;s statistic over the training steps</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>training step</translation>
    </message>
    <message>
        <source>Rows: every head of every layer; columns: the recorded steps. Click a cell to open that head at that step.</source>
        <translation>Rows: every head of every layer; columns: the recorded steps. Click a cell to open that head at that step.</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>weight</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>bits</translation>
    </message>
    <message>
        <source>%1 L%2 H%3</source>
        <translation>%1 L%2 H%3</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3 at step %4: %5</source>
        <translation>%1, layer %2, head %3 at step %4: %5</translation>
    </message>
    <message>
        <source>No run chosen: train one in Training, or choose a run&apos;s model in Translate. Each head&apos;s statistic over the recorded steps appears here.</source>
        <translation>No run chosen: train one in Training, or choose a run&apos;s model in Translate. Each head&apos;s statistic over the recorded steps appears here.</translation>
    </message>
    <message>
        <source>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</source>
        <translation>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</translation>
    </message>
    <message>
        <source>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</source>
        <translation>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</translation>
    </message>
    <message>
        <source>Role: what each head does (sink, previous token, diagonal, …)</source>
        <translation>Role: what each head does (sink, previous token, diagonal, …)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>The map as SVG or PDF, its numbers beside it as JSON</source>
        <translation>The map as SVG or PDF, its numbers beside it as JSON</translation>
    </message>
    <message>
        <source>Export the heads over training</source>
        <translation>Export the heads over training</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Could not write &apos;%1&apos; and its .json.</translation>
    </message>
    <message>
        <source>dead (last column: the head ranking of %1)</source>
        <translation>dead (last column: the head ranking of %1)</translation>
    </message>
    <message>
        <source>ranked</source>
        <translation>ranked</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3 at step %4: %5 (%6); its last role, %7, since step %8%9</source>
        <translation>%1, layer %2, head %3 at step %4: %5 (%6); its last role, %7, since step %8%9</translation>
    </message>
    <message>
        <source>; dead in the head ranking</source>
        <translation>; dead in the head ranking</translation>
    </message>
    <message>
        <source>Heads over training</source>
        <translation>Heads over training</translation>
    </message>
    <message>
        <source>Thresholds…</source>
        <translation>Thresholds…</translation>
    </message>
    <message>
        <source>The thresholds of the roles&apos; rules</source>
        <translation>The thresholds of the roles&apos; rules</translation>
    </message>
</context>
<context>
    <name>studio::ui::HelpWindow</name>
    <message>
        <source>Attention Studio help</source>
        <translation>Attention Studio help</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <source>The page before (%1)</source>
        <translation>The page before (%1)</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Forward</translation>
    </message>
    <message>
        <source>Front page</source>
        <translation>Front page</translation>
    </message>
    <message>
        <source>The README: what Attention Studio is, the quick start and the list of pages</source>
        <translation>The README: what Attention Studio is, the quick start and the list of pages</translation>
    </message>
    <message>
        <source>Help pages</source>
        <translation>Help pages</translation>
    </message>
    <message>
        <source>Page:</source>
        <translation>Page:</translation>
    </message>
    <message>
        <source>The help has no page %1.</source>
        <translation>The help has no page %1.</translation>
    </message>
    <message>
        <source>%1 is not part of the help installed here.</source>
        <translation>%1 is not part of the help installed here.</translation>
    </message>
    <message>
        <source>Opened outside the help: %1</source>
        <translation>Opened outside the help: %1</translation>
    </message>
    <message>
        <source>%1 — Attention Studio help</source>
        <translation>%1 — Attention Studio help</translation>
    </message>
</context>
<context>
    <name>studio::ui::LearnShortlistButton</name>
    <message>
        <source>Learn</source>
        <translation>Learn</translation>
    </message>
    <message>
        <source>Learn a shortlist</source>
        <translation>Learn a shortlist</translation>
    </message>
    <message>
        <source>Learn a shortlist from the training pairs of the data folder the model&apos;s run trained on (which English pieces each Vietnamese piece translates to: IBM Model 1; seconds for the demo corpus), written there as shortlist.txt, as attention-studio-cli shortlist does</source>
        <translation>Learn a shortlist from the training pairs of the data folder the model&apos;s run trained on (which English pieces each Vietnamese piece translates to: IBM Model 1; seconds for the demo corpus), written there as shortlist.txt, as attention-studio-cli shortlist does</translation>
    </message>
    <message>
        <source>Learning %1/%2…</source>
        <translation>Learning %1/%2…</translation>
    </message>
    <message>
        <source>Learning…</source>
        <translation>Learning…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Reading…</translation>
    </message>
</context>
<context>
    <name>studio::ui::LensTimelineView</name>
    <message>
        <source>self</source>
        <translation>self</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>cross</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>L%1 %2</source>
        <translation>L%1 %2</translation>
    </message>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Layer %1 · %2</translation>
    </message>
    <message>
        <source>Each block over training:</source>
        <translation>Each block over training:</translation>
    </message>
    <message>
        <source>Statistic of each block over training</source>
        <translation>Statistic of each block over training</translation>
    </message>
    <message>
        <source>How often the piece that came next was the likeliest</source>
        <translation>How often the piece that came next was the likeliest</translation>
    </message>
    <message>
        <source>Its mean probability</source>
        <translation>Its mean probability</translation>
    </message>
    <message>
        <source>Its median rank (1 bright, 1,000 or more dark)</source>
        <translation>Its median rank (1 bright, 1,000 or more dark)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <source>Every step and block with its three numbers, as timelapse --lens writes them</source>
        <translation>Every step and block with its three numbers, as timelapse --lens writes them</translation>
    </message>
    <message>
        <source>Nothing to export: %1</source>
        <translation>Nothing to export: %1</translation>
    </message>
    <message>
        <source>Export the lens over training</source>
        <translation>Export the lens over training</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Each decoder block&apos;s lens over the training steps</source>
        <translation>Each decoder block&apos;s lens over the training steps</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>training step</translation>
    </message>
    <message>
        <source>Rows: each decoder block; columns: the recorded steps, over the run&apos;s probe sentences. Click a column to show that step.</source>
        <translation>Rows: each decoder block; columns: the recorded steps, over the run&apos;s probe sentences. Click a column to show that step.</translation>
    </message>
    <message>
        <source>No run chosen: train one in Training, or choose a run&apos;s model in Translate. What each decoder block predicts over the recorded steps appears here.</source>
        <translation>No run chosen: train one in Training, or choose a run&apos;s model in Translate. What each decoder block predicts over the recorded steps appears here.</translation>
    </message>
    <message>
        <source>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</source>
        <translation>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</translation>
    </message>
    <message>
        <source>The records of %1 hold attention only: its probes.rec was written by an older version, before the lens was recorded with it. A run trained now records both.</source>
        <translation>The records of %1 hold attention only: its probes.rec was written by an older version, before the lens was recorded with it. A run trained now records both.</translation>
    </message>
    <message>
        <source>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</source>
        <translation>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</translation>
    </message>
    <message>
        <source>median rank</source>
        <translation>median rank</translation>
    </message>
    <message>
        <source>share of positions</source>
        <translation>share of positions</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>probability</translation>
    </message>
    <message>
        <source>%1 at step %2: the piece that came next was the likeliest at %3 % of %4 positions (%5 sentences); its mean probability %6, its median rank %7</source>
        <translation>%1 at step %2: the piece that came next was the likeliest at %3 % of %4 positions (%5 sentences); its mean probability %6, its median rank %7</translation>
    </message>
</context>
<context>
    <name>studio::ui::LensView</name>
    <message>
        <source>reads</source>
        <translation>reads</translation>
    </message>
    <message>
        <source>came next</source>
        <translation>came next</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Layer %1 · %2</translation>
    </message>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>%1 (came next): %2, rank %3</source>
        <translation>%1 (came next): %2, rank %3</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>Colour:</translation>
    </message>
    <message>
        <source>Probability of the piece that came next</source>
        <translation>Probability of the piece that came next</translation>
    </message>
    <message>
        <source>Its rank (1 bright, 1,000 or more dark)</source>
        <translation>Its rank (1 bright, 1,000 or more dark)</translation>
    </message>
    <message>
        <source>Export %1…</source>
        <translation>Export %1…</translation>
    </message>
    <message>
        <source>Explore a sentence to see what the decoder would predict after each of its blocks.</source>
        <translation>Explore a sentence to see what the decoder would predict after each of its blocks.</translation>
    </message>
    <message>
        <source>What the decoder would predict after each of its blocks, read through the output layer as if the model ended there (the logit lens). Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</source>
        <translation>What the decoder would predict after each of its blocks, read through the output layer as if the model ended there (the logit lens). Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</translation>
    </message>
    <message>
        <source>%1 (the model&apos;s own prediction)</source>
        <translation>%1 (the model&apos;s own prediction)</translation>
    </message>
    <message>
        <source>After reading &lt;b&gt;%1&lt;/b&gt; (step %2), %3: %4. &lt;b&gt;%5&lt;/b&gt;, the piece that came next: probability %6, rank %7.</source>
        <translation>After reading &lt;b&gt;%1&lt;/b&gt; (step %2), %3: %4. &lt;b&gt;%5&lt;/b&gt;, the piece that came next: probability %6, rank %7.</translation>
    </message>
    <message>
        <source>Nothing to export: explore a sentence with a model first.</source>
        <translation>Nothing to export: explore a sentence with a model first.</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Export as %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 files (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Over the run&apos;s dev sentences</source>
        <translation>Over the run&apos;s dev sentences</translation>
    </message>
    <message>
        <source>Sum up 200 dev sentences</source>
        <translation>Sum up 200 dev sentences</translation>
    </message>
    <message>
        <source>Translate the first 200 sentences of the run&apos;s dev split and count, block by block, how often the piece that came next was already the likeliest there</source>
        <translation>Translate the first 200 sentences of the run&apos;s dev split and count, block by block, how often the piece that came next was already the likeliest there</translation>
    </message>
    <message>
        <source>Next piece the likeliest</source>
        <translation>Next piece the likeliest</translation>
    </message>
    <message>
        <source>Its mean probability</source>
        <translation>Its mean probability</translation>
    </message>
    <message>
        <source>Its median rank</source>
        <translation>Its median rank</translation>
    </message>
    <message>
        <source>Not summed up: %1</source>
        <translation>Not summed up: %1</translation>
    </message>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Explore a sentence with a model first: a timelapse frame has no model file.</translation>
    </message>
    <message>
        <source>Translating the dev sentences…</source>
        <translation>Translating the dev sentences…</translation>
    </message>
    <message>
        <source>; stopped early</source>
        <translation>; stopped early</translation>
    </message>
    <message>
        <source>The summary was of another model: sum up this one&apos;s dev sentences again.</source>
        <translation>The summary was of another model: sum up this one&apos;s dev sentences again.</translation>
    </message>
    <message>
        <source>Over training (probe sentences)</source>
        <translation>Over training (probe sentences)</translation>
    </message>
    <message>
        <source>This frame of the timelapse holds attention only: its run&apos;s probes.rec was written by an older version, before the lens was recorded with it. Explore the sentence (or open one of the run&apos;s models) to see its lens.</source>
        <translation>This frame of the timelapse holds attention only: its run&apos;s probes.rec was written by an older version, before the lens was recorded with it. Explore the sentence (or open one of the run&apos;s models) to see its lens.</translation>
    </message>
    <message>
        <source>%1%2: %3 sentences of %4 (%5 steps, each translation&apos;s own pieces and its end, beam 4)%6.</source>
        <translation>%1%2: %3 sentences of %4 (%5 steps, each translation&apos;s own pieces and its end, beam 4)%6.</translation>
    </message>
    <message>
        <source>The tuned lens of </source>
        <translation>The tuned lens of </translation>
    </message>
    <message>
        <source>What the decoder knows after each of its blocks, read through the tuned lens: each block&apos;s state through a map learnt for it, then the output layer. Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</source>
        <translation>What the decoder knows after each of its blocks, read through the tuned lens: each block&apos;s state through a map learnt for it, then the output layer. Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</translation>
    </message>
</context>
<context>
    <name>studio::ui::MainWindow</name>
    <message>
        <source>Attention Studio</source>
        <translation>Attention Studio</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>Workspaces</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>&amp;Training</translation>
    </message>
    <message>
        <source>T&amp;ranslate</source>
        <translation>T&amp;ranslate</translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation>&amp;Attention</translation>
    </message>
    <message>
        <source>%1 build · LibTorch %2 · running on %3</source>
        <translation>%1 build · LibTorch %2 · running on %3</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Open &amp;Run…</source>
        <translation>Open &amp;Run…</translation>
    </message>
    <message>
        <source>Open a run folder</source>
        <translation>Open a run folder</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>Open &amp;Model…</translation>
    </message>
    <message>
        <source>Open a model or checkpoint</source>
        <translation>Open a model or checkpoint</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Models (*.pt);;All files (*)</translation>
    </message>
    <message>
        <source>Open R&amp;ecent</source>
        <translation>Open R&amp;ecent</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About Attention Studio</source>
        <translation>&amp;About Attention Studio</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run folder: it has neither config.json nor metrics.jsonl.</source>
        <translation>&apos;%1&apos; is not a run folder: it has neither config.json nor metrics.jsonl.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not exist.</source>
        <translation>&apos;%1&apos; does not exist.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Studio %1&lt;/h3&gt;&lt;p&gt;Train, use and look inside a Transformer translator (Vietnamese → English).&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Build&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%3 (built with %4)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;LibTorch&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;SentencePiece&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CPU threads&lt;/td&gt;&lt;td&gt;%8 of %9&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;BLAS&lt;/td&gt;&lt;td&gt;%10&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;h3&gt;Attention Studio %1&lt;/h3&gt;&lt;p&gt;Train, use and look inside a Transformer translator (Vietnamese → English).&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Build&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%3 (built with %4)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;LibTorch&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;SentencePiece&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CPU threads&lt;/td&gt;&lt;td&gt;%8 of %9&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;BLAS&lt;/td&gt;&lt;td&gt;%10&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message numerus="yes">
        <source>available, %n GPU(s)</source>
        <translation>
            <numerusform>available, %n GPU</numerusform>
            <numerusform>available, %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>built in, no GPU found</source>
        <translation>built in, no GPU found</translation>
    </message>
    <message>
        <source>not in this build</source>
        <translation>not in this build</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>About Attention Studio</source>
        <translation>About Attention Studio</translation>
    </message>
    <message>
        <source>Training is running</source>
        <translation>Training is running</translation>
    </message>
    <message>
        <source>Stop training? The current step finishes and a checkpoint is written; Resume continues later.</source>
        <translation>Stop training? The current step finishes and a checkpoint is written; Resume continues later.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>System default</translation>
    </message>
    <message>
        <source>The language changes when Attention Studio starts next.</source>
        <translation>The language changes when Attention Studio starts next.</translation>
    </message>
    <message>
        <source>The Attention tab shows the probe sentences at step %1.</source>
        <translation>The Attention tab shows the probe sentences at step %1.</translation>
    </message>
    <message>
        <source>Translate and Attention use the model of step %1 now.</source>
        <translation>Translate and Attention use the model of step %1 now.</translation>
    </message>
    <message>
        <source>&amp;Compare with Run…</source>
        <translation>&amp;Compare with Run…</translation>
    </message>
    <message>
        <source>Compare with a run folder</source>
        <translation>Compare with a run folder</translation>
    </message>
    <message>
        <source>Translate and Attention use the best checkpoint of %1 now.</source>
        <translation>Translate and Attention use the best checkpoint of %1 now.</translation>
    </message>
    <message>
        <source>Restart in this language?</source>
        <translation>Restart in this language?</translation>
    </message>
    <message>
        <source>Attention Studio reads its language when it starts. Restart it now? The open run, model, workspace and translation settings come back; text typed in Translate does not.</source>
        <translation>Attention Studio reads its language when it starts. Restart it now? The open run, model, workspace and translation settings come back; text typed in Translate does not.</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Restart now</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Later</translation>
    </message>
    <message>
        <source>Attention Studio could not start again (%1); the language changes when it starts next.</source>
        <translation>Attention Studio could not start again (%1); the language changes when it starts next.</translation>
    </message>
    <message>
        <source>A file is being translated</source>
        <translation>A file is being translated</translation>
    </message>
    <message>
        <source>Stop translating the file? Nothing of its translation is written.</source>
        <translation>Stop translating the file? Nothing of its translation is written.</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;User Guide</translation>
    </message>
    <message>
        <source>&amp;Quick Start</source>
        <translation>&amp;Quick Start</translation>
    </message>
    <message>
        <source>&amp;Command Line</source>
        <translation>&amp;Command Line</translation>
    </message>
    <message>
        <source>What Does &amp;Not Work Yet</source>
        <translation>What Does &amp;Not Work Yet</translation>
    </message>
    <message>
        <source>The help pages are not installed here (looked in %1).</source>
        <translation>The help pages are not installed here (looked in %1).</translation>
    </message>
</context>
<context>
    <name>studio::ui::MetricChart</name>
    <message>
        <source>Log scale</source>
        <translation>Log scale</translation>
    </message>
    <message>
        <source>%1: logarithmic axis</source>
        <translation>%1: logarithmic axis</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Smooth</translation>
    </message>
    <message>
        <source>Draw line series as an exponential moving average (weight 0.9), as TensorBoard does</source>
        <translation>Draw line series as an exponential moving average (weight 0.9), as TensorBoard does</translation>
    </message>
    <message>
        <source>%1: smoothing</source>
        <translation>%1: smoothing</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Save this chart as a PNG image</source>
        <translation>Save this chart as a PNG image</translation>
    </message>
    <message>
        <source>%1: save as PNG</source>
        <translation>%1: save as PNG</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Save this chart&apos;s points as CSV</source>
        <translation>Save this chart&apos;s points as CSV</translation>
    </message>
    <message>
        <source>%1: save as CSV</source>
        <translation>%1: save as CSV</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>Save chart</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG images (*.png)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Save points</source>
        <translation>Save points</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>step</translation>
    </message>
</context>
<context>
    <name>studio::ui::MinimalPairsPanel</name>
    <message>
        <source>Negation deleted</source>
        <translation>Negation deleted</translation>
    </message>
    <message>
        <source>Negation added</source>
        <translation>Negation added</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>Numbers</translation>
    </message>
    <message>
        <source>Agreement (is/are…)</source>
        <translation>Agreement (is/are…)</translation>
    </message>
    <message>
        <source>Names copied</source>
        <translation>Names copied</translation>
    </message>
    <message>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <source>Test on the test split</source>
        <translation>Test on the test split</translation>
    </message>
    <message>
        <source>Make the pairs of the run&apos;s test split (its dev split when it has none) and score them</source>
        <translation>Make the pairs of the run&apos;s test split (its dev split when it has none) and score them</translation>
    </message>
    <message>
        <source>Pairs from a file…</source>
        <translation>Pairs from a file…</translation>
    </message>
    <message>
        <source>Your own pairs, a line each: Vietnamese, the right translation, the wrong one and (optionally) a kind, separated by tabs</source>
        <translation>Your own pairs, a line each: Vietnamese, the right translation, the wrong one and (optionally) a kind, separated by tabs</translation>
    </message>
    <message>
        <source>Over training</source>
        <translation>Over training</translation>
    </message>
    <message>
        <source>The same pairs scored by every model the run kept (Keep models every N evaluations): when the model learnt each kind</source>
        <translation>The same pairs scored by every model the run kept (Keep models every N evaluations): when the model learnt each kind</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Pairs</translation>
    </message>
    <message>
        <source>Right preferred</source>
        <translation>Right preferred</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>95 % interval</translation>
    </message>
    <message>
        <source>Mean margin</source>
        <translation>Mean margin</translation>
    </message>
    <message>
        <source>The right translation&apos;s log-probability minus the wrong one&apos;s, on average: how sure the model is</source>
        <translation>The right translation&apos;s log-probability minus the wrong one&apos;s, on average: how sure the model is</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>training step</translation>
    </message>
    <message>
        <source>pairs passed (%)</source>
        <translation>pairs passed (%)</translation>
    </message>
    <message>
        <source>Failed pairs only</source>
        <translation>Failed pairs only</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Change</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Margin</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Right</translation>
    </message>
    <message>
        <source>Wrong</source>
        <translation>Wrong</translation>
    </message>
    <message>
        <source>Double-click a pair to explore the sentence with its right translation (or, on the Wrong column, its wrong one) in the Translation box</source>
        <translation>Double-click a pair to explore the sentence with its right translation (or, on the Wrong column, its wrong one) in the Translation box</translation>
    </message>
    <message>
        <source>Read minimal pairs</source>
        <translation>Read minimal pairs</translation>
    </message>
    <message>
        <source>Tab-separated pairs (*.tsv *.txt);;All files (*)</source>
        <translation>Tab-separated pairs (*.tsv *.txt);;All files (*)</translation>
    </message>
    <message>
        <source>Could not test: %1</source>
        <translation>Could not test: %1</translation>
    </message>
    <message>
        <source>Open a model first (Translate&apos;s Model box).</source>
        <translation>Open a model first (Translate&apos;s Model box).</translation>
    </message>
    <message>
        <source>Making pairs of the test split and scoring them…</source>
        <translation>Making pairs of the test split and scoring them…</translation>
    </message>
    <message>
        <source>Scoring the pairs of %1…</source>
        <translation>Scoring the pairs of %1…</translation>
    </message>
    <message numerus="yes">
        <source>, %n not scored</source>
        <translation>
            <numerusform>, %n not scored</numerusform>
            <numerusform>, %n not scored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>made of %1 (%n lines)</source>
        <translation>
            <numerusform>made of %1 (%n line)</numerusform>
            <numerusform>made of %1 (%n lines)</numerusform>
        </translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation>read from %1</translation>
    </message>
    <message numerus="yes">
        <source>%n pairs %1: the model preferred the right translation in %2 (%3 s).</source>
        <translation>
            <numerusform>%n pair %1: the model preferred the right translation in %2 (%3 s).</numerusform>
            <numerusform>%n pairs %1: the model preferred the right translation in %2 (%3 s).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over training: %n models the run kept, from step %1 to %2.</source>
        <translation>
            <numerusform>Over training: %n model the run kept, from step %1 to %2.</numerusform>
            <numerusform>Over training: %n models the run kept, from step %1 to %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: the pairs scored so far.</source>
        <translation>Stopped: the pairs scored so far.</translation>
    </message>
    <message>
        <source>not scored</source>
        <translation>not scored</translation>
    </message>
    <message>
        <source>Placeholders (%s, %1…)</source>
        <translation>Placeholders (%s, %1…)</translation>
    </message>
    <message>
        <source>What does the model know? Each minimal pair is a sentence&apos;s right translation beside a copy with one thing made wrong: the negation deleted or added, a number changed, is and are swapped, a name copied from the source swapped for another, placeholders such as %s swapped or changed. The model passes a pair when it finds the right translation the likelier one.</source>
        <translation>What does the model know? Each minimal pair is a sentence&apos;s right translation beside a copy with one thing made wrong: the negation deleted or added, a number changed, is and are swapped, a name copied from the source swapped for another, placeholders such as %s swapped or changed. The model passes a pair when it finds the right translation the likelier one.</translation>
    </message>
</context>
<context>
    <name>studio::ui::NeighboursView</name>
    <message>
        <source>Distinct training pairs in the index, evenly spaced over the training split. More pairs find closer neighbours and take longer to index.</source>
        <translation>Distinct training pairs in the index, evenly spaced over the training split. More pairs find closer neighbours and take longer to index.</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Find</translation>
    </message>
    <message>
        <source>Look the captured sentence up in the training data</source>
        <translation>Look the captured sentence up in the training data</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>Export JSON…</translation>
    </message>
    <message>
        <source>Training pairs:</source>
        <translation>Training pairs:</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Export as JSON</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON files (*.json)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Indexing the training pairs with the model: %1 of %2…</source>
        <translation>Indexing the training pairs with the model: %1 of %2…</translation>
    </message>
    <message>
        <source>Capture a sentence: this tab lists, for each of its pieces and of its translation&apos;s, the training pairs in which the model was in the most similar state.</source>
        <translation>Capture a sentence: this tab lists, for each of its pieces and of its translation&apos;s, the training pairs in which the model was in the most similar state.</translation>
    </message>
    <message>
        <source>Looking the sentence up in the training data…</source>
        <translation>Looking the sentence up in the training data…</translation>
    </message>
    <message>
        <source>%1 of the %2 distinct pairs (%3 lines) of %4/train indexed</source>
        <translation>%1 of the %2 distinct pairs (%3 lines) of %4/train indexed</translation>
    </message>
    <message>
        <source> in %1 s.</source>
        <translation> in %1 s.</translation>
    </message>
    <message>
        <source> (kept from before).</source>
        <translation> (kept from before).</translation>
    </message>
    <message>
        <source>Similarity is the cosine of the two states: 1 is the same state.</source>
        <translation>Similarity is the cosine of the two states: 1 is the same state.</translation>
    </message>
    <message>
        <source>Vietnamese</source>
        <translation>Vietnamese</translation>
    </message>
    <message>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <source>Where the decoder was in the state closest to the one that wrote “%1”:</source>
        <translation>Where the decoder was in the state closest to the one that wrote “%1”:</translation>
    </message>
    <message>
        <source>Where the encoder&apos;s output was closest to its output at “%1”:</source>
        <translation>Where the encoder&apos;s output was closest to its output at “%1”:</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>Similarity</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>(×%1)</source>
        <translation>(×%1)</translation>
    </message>
    <message>
        <source>Whose states are compared: the encoder&apos;s and decoder&apos;s outputs, or one layer&apos;s of both (lower layers are closer to the pieces themselves, higher ones to their context)</source>
        <translation>Whose states are compared: the encoder&apos;s and decoder&apos;s outputs, or one layer&apos;s of both (lower layers are closer to the pieces themselves, higher ones to their context)</translation>
    </message>
    <message>
        <source>States:</source>
        <translation>States:</translation>
    </message>
    <message>
        <source>the outputs</source>
        <translation>the outputs</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>layer %1</translation>
    </message>
    <message>
        <source>Where decoder layer %2 was in the state closest to the one that wrote “%1”:</source>
        <translation>Where decoder layer %2 was in the state closest to the one that wrote “%1”:</translation>
    </message>
    <message>
        <source>Where encoder layer %2&apos;s output was closest to its output at “%1”:</source>
        <translation>Where encoder layer %2&apos;s output was closest to its output at “%1”:</translation>
    </message>
</context>
<context>
    <name>studio::ui::PatchingPanel</name>
    <message>
        <source>embeddings</source>
        <translation>embeddings</translation>
    </message>
    <message>
        <source>layer %1 · self-attention</source>
        <translation>layer %1 · self-attention</translation>
    </message>
    <message>
        <source>layer %1 · cross-attention</source>
        <translation>layer %1 · cross-attention</translation>
    </message>
    <message>
        <source>layer %1 · feed-forward</source>
        <translation>layer %1 · feed-forward</translation>
    </message>
    <message>
        <source>layer %1 · output</source>
        <translation>layer %1 · output</translation>
    </message>
    <message>
        <source>the sentence with one word changed</source>
        <translation>the sentence with one word changed</translation>
    </message>
    <message>
        <source>The sentence with a word changed for another of as many pieces; write &lt;unk&gt; for each piece of a word to blank it</source>
        <translation>The sentence with a word changed for another of as many pieces; write &lt;unk&gt; for each piece of a word to blank it</translation>
    </message>
    <message>
        <source>Patch</source>
        <translation>Patch</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>Save numbers…</translation>
    </message>
    <message>
        <source>Every patched reading&apos;s log-probabilities and what each state gives back, as JSON</source>
        <translation>Every patched reading&apos;s log-probabilities and what each state gives back, as JSON</translation>
    </message>
    <message>
        <source>Changed sentence</source>
        <translation>Changed sentence</translation>
    </message>
    <message>
        <source>or blank</source>
        <translation>or blank</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Measure</translation>
    </message>
    <message>
        <source>Patching reads the sentence again with a word changed, then puts back one state of the first reading at a time: the maps show how much of the translation each state brings back (1 = all of it, 0 = nothing).</source>
        <translation>Patching reads the sentence again with a word changed, then puts back one state of the first reading at a time: the maps show how much of the translation each state brings back (1 = all of it, 0 = nothing).</translation>
    </message>
    <message>
        <source>source piece (all: every piece at once)</source>
        <translation>source piece (all: every piece at once)</translation>
    </message>
    <message>
        <source>encoder state</source>
        <translation>encoder state</translation>
    </message>
    <message>
        <source>share brought back</source>
        <translation>share brought back</translation>
    </message>
    <message>
        <source>state</source>
        <translation>state</translation>
    </message>
    <message>
        <source>piece</source>
        <translation>piece</translation>
    </message>
    <message>
        <source>the position that writes this piece (all: every position at once)</source>
        <translation>the position that writes this piece (all: every position at once)</translation>
    </message>
    <message>
        <source>decoder state</source>
        <translation>decoder state</translation>
    </message>
    <message>
        <source>position</source>
        <translation>position</translation>
    </message>
    <message>
        <source>Hover over a cell to read how much of the change its state brings back.</source>
        <translation>Hover over a cell to read how much of the change its state brings back.</translation>
    </message>
    <message>
        <source>Patch a sentence first.</source>
        <translation>Patch a sentence first.</translation>
    </message>
    <message>
        <source>Save the patching&apos;s numbers</source>
        <translation>Save the patching&apos;s numbers</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>Could not write &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Could not patch: %1</source>
        <translation>Could not patch: %1</translation>
    </message>
    <message>
        <source>no word</source>
        <translation>no word</translation>
    </message>
    <message>
        <source>Change a word of the sentence (for one of as many pieces), or choose a word to blank.</source>
        <translation>Change a word of the sentence (for one of as many pieces), or choose a word to blank.</translation>
    </message>
    <message>
        <source>Patching…</source>
        <translation>Patching…</translation>
    </message>
    <message>
        <source>the whole translation</source>
        <translation>the whole translation</translation>
    </message>
    <message>
        <source>piece %1: %2</source>
        <translation>piece %1: %2</translation>
    </message>
    <message>
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <source>the translation</source>
        <translation>the translation</translation>
    </message>
    <message>
        <source>“%1” (piece %2)</source>
        <translation>“%1” (piece %2)</translation>
    </message>
    <message>
        <source>“%1” → “%2”; changed, “%3” → “%4”; log P of %5: %6 as read, %7 with the change.</source>
        <translation>“%1” → “%2”; changed, “%3” → “%4”; log P of %5: %6 as read, %7 with the change.</translation>
    </message>
    <message>
        <source>The change does not move it: there is nothing for a state to bring back (the cells are hatched).</source>
        <translation>The change does not move it: there is nothing for a state to bring back (the cells are hatched).</translation>
    </message>
    <message>
        <source>Each cell: how much of that difference the state brings back when it is put back.</source>
        <translation>Each cell: how much of that difference the state brings back when it is put back.</translation>
    </message>
    <message>
        <source>Encoder</source>
        <translation>Encoder</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>Decoder</translation>
    </message>
    <message>
        <source>%1 · head %2</source>
        <translation>%1 · head %2</translation>
    </message>
    <message>
        <source>Each head</source>
        <translation>Each head</translation>
    </message>
    <message>
        <source>A row for each attention head too: its output before the output projection mixes the heads</source>
        <translation>A row for each attention head too: its output before the output projection mixes the heads</translation>
    </message>
    <message>
        <source>Put the sentence&apos;s states into the changed reading</source>
        <translation>Put the sentence&apos;s states into the changed reading</translation>
    </message>
    <message>
        <source>Put the changed reading&apos;s states into the sentence</source>
        <translation>Put the changed reading&apos;s states into the sentence</translation>
    </message>
    <message>
        <source>The first shows what each state is enough to bring back; the second (noising) what each state takes away on its own, that is, where the change does its harm</source>
        <translation>The first shows what each state is enough to bring back; the second (noising) what each state takes away on its own, that is, where the change does its harm</translation>
    </message>
    <message>
        <source>Each cell: how much of that difference the state of the changed reading takes away when it is put into the sentence&apos;s pass.</source>
        <translation>Each cell: how much of that difference the state of the changed reading takes away when it is put into the sentence&apos;s pass.</translation>
    </message>
    <message>
        <source>share taken away</source>
        <translation>share taken away</translation>
    </message>
    <message>
        <source>Hover over a cell to read how much of the change its state takes away.</source>
        <translation>Hover over a cell to read how much of the change its state takes away.</translation>
    </message>
    <message>
        <source>this sentence</source>
        <translation>this sentence</translation>
    </message>
    <message>
        <source>the dev sentences, summed up</source>
        <translation>the dev sentences, summed up</translation>
    </message>
    <message>
        <source>How many of the run&apos;s dev sentences to sum up (each word of each is blanked in turn: about a second a sentence of the starter on 2 cores, more with each head)</source>
        <translation>How many of the run&apos;s dev sentences to sum up (each word of each is blanked in turn: about a second a sentence of the starter on 2 cores, more with each head)</translation>
    </message>
    <message>
        <source>Sum up</source>
        <translation>Sum up</translation>
    </message>
    <message>
        <source>Blank every word of the run&apos;s first dev sentences in turn and average what each state gives back: where the model keeps what a word brings</source>
        <translation>Blank every word of the run&apos;s first dev sentences in turn and average what each state gives back: where the model keeps what a word brings</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Show</translation>
    </message>
    <message>
        <source>The run&apos;s first</source>
        <translation>The run&apos;s first</translation>
    </message>
    <message>
        <source>dev sentences</source>
        <translation>dev sentences</translation>
    </message>
    <message>
        <source>Patching the dev sentences, every word blanked in turn: %1 of %2…</source>
        <translation>Patching the dev sentences, every word blanked in turn: %1 of %2…</translation>
    </message>
    <message>
        <source>Could not sum up: %1</source>
        <translation>Could not sum up: %1</translation>
    </message>
    <message>
        <source>Patching the dev sentences, every word blanked in turn…</source>
        <translation>Patching the dev sentences, every word blanked in turn…</translation>
    </message>
    <message>
        <source>best</source>
        <translation>best</translation>
    </message>
    <message>
        <source>at the word</source>
        <translation>at the word</translation>
    </message>
    <message numerus="yes">
        <source>%n dev sentence(s) of %1</source>
        <translation>
            <numerusform>%n dev sentence of %1</numerusform>
            <numerusform>%n dev sentences of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) blanked one at a time</source>
        <translation>
            <numerusform>%n word blanked one at a time</numerusform>
            <numerusform>%n words blanked one at a time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more left out: blanking them moved the translation&apos;s log-probability by less than 0.001)</source>
        <translation>
            <numerusform>(%n more left out: blanking it moved the translation&apos;s log-probability by less than 0.001)</numerusform>
            <numerusform>(%n more left out: blanking them moved the translation&apos;s log-probability by less than 0.001)</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped after %1 s.</source>
        <translation>stopped after %1 s.</translation>
    </message>
    <message>
        <source>%1 s.</source>
        <translation>%1 s.</translation>
    </message>
    <message>
        <source>No blanked word moved its translation enough to measure: there is nothing to average.</source>
        <translation>No blanked word moved its translation enough to measure: there is nothing to average.</translation>
    </message>
    <message>
        <source>Each cell: what the state takes away on average</source>
        <translation>Each cell: what the state takes away on average</translation>
    </message>
    <message>
        <source>Each cell: what the state gives back on average</source>
        <translation>Each cell: what the state gives back on average</translation>
    </message>
    <message>
        <source>all: every position at once; best: its one position that does the most; at the word: the best of the blanked word&apos;s own pieces.</source>
        <translation>all: every position at once; best: its one position that does the most; at the word: the best of the blanked word&apos;s own pieces.</translation>
    </message>
    <message>
        <source>mean share taken away</source>
        <translation>mean share taken away</translation>
    </message>
    <message>
        <source>mean share brought back</source>
        <translation>mean share brought back</translation>
    </message>
    <message>
        <source>positions put back</source>
        <translation>positions put back</translation>
    </message>
    <message>
        <source>measure</source>
        <translation>measure</translation>
    </message>
    <message>
        <source>Estimate by gradients</source>
        <translation>Estimate by gradients</translation>
    </message>
    <message>
        <source>Attribution patching: every number estimated at once from the gradients, to first order (tens of times faster; off where the model is far from linear between the two states)</source>
        <translation>Attribution patching: every number estimated at once from the gradients, to first order (tens of times faster; off where the model is far from linear between the two states)</translation>
    </message>
    <message>
        <source>Estimated by gradients (attribution patching), not measured.</source>
        <translation>Estimated by gradients (attribution patching), not measured.</translation>
    </message>
</context>
<context>
    <name>studio::ui::QueryKeyView</name>
    <message>
        <source>q, then each key k</source>
        <translation>q, then each key k</translation>
    </message>
    <message>
        <source>q × k, dimension by dimension</source>
        <translation>q × k, dimension by dimension</translation>
    </message>
    <message>
        <source>q · k / √%1</source>
        <translation>q · k / √%1</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>weight</translation>
    </message>
    <message>
        <source>q: %1</source>
        <translation>q: %1</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>masked</translation>
    </message>
    <message>
        <source>The query of %1</source>
        <translation>The query of %1</translation>
    </message>
    <message>
        <source>q[%1] = %2</source>
        <translation>q[%1] = %2</translation>
    </message>
    <message>
        <source>%1, dimension %2: k = %3 (q = %4)</source>
        <translation>%1, dimension %2: k = %3 (q = %4)</translation>
    </message>
    <message>
        <source>%1, dimension %2: q × k = %3 × %4 = %5; the %6 products sum to q · k = %7</source>
        <translation>%1, dimension %2: q × k = %3 × %4 = %5; the %6 products sum to q · k = %7</translation>
    </message>
    <message>
        <source>q · k = %1, times 1/√%2: %3</source>
        <translation>q · k = %1, times 1/√%2: %3</translation>
    </message>
    <message>
        <source>Masked: this query may not see %1; it gets no weight</source>
        <translation>Masked: this query may not see %1; it gets no weight</translation>
    </message>
    <message>
        <source>weight %1 (the map&apos;s: %2)</source>
        <translation>weight %1 (the map&apos;s: %2)</translation>
    </message>
    <message>
        <source>Key %1: %2</source>
        <translation>Key %1: %2</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>The row of the map to take apart: its query against every key</source>
        <translation>The row of the map to take apart: its query against every key</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>Query:</translation>
    </message>
    <message>
        <source>Show head 1</source>
        <translation>Show head 1</translation>
    </message>
    <message>
        <source>Export the query and keys as %1</source>
        <translation>Export the query and keys as %1</translation>
    </message>
    <message>
        <source>Every number drawn: the query, each key, their products, scores and weights</source>
        <translation>Every number drawn: the query, each key, their products, scores and weights</translation>
    </message>
    <message>
        <source>The picture as %1</source>
        <translation>The picture as %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Capture a sentence: each weight of the map chosen above will be taken apart here, its query against every key.</source>
        <translation>Capture a sentence: each weight of the map chosen above will be taken apart here, its query against every key.</translation>
    </message>
    <message>
        <source>The timelapse&apos;s frames keep the weights alone (a run&apos;s probe records have no queries and keys). Capture the sentence to see how its weights are made.</source>
        <translation>The timelapse&apos;s frames keep the weights alone (a run&apos;s probe records have no queries and keys). Capture the sentence to see how its weights are made.</translation>
    </message>
    <message>
        <source>The mean over heads is not made from one query and one key: choose a head above.</source>
        <translation>The mean over heads is not made from one query and one key: choose a head above.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (query %2 of %3) in %4, layer %5, head %6. The query q is this position&apos;s vector times the head&apos;s learnt query projection, plus its bias; each key k the same with the key projection, from %7. A key&apos;s score is q · k / √%8: the products of the %8 dimensions, summed and scaled. The weights are the softmax of the scores over the %n key(s) this query may see (masked keys, hatched, are left out); recomputed here from the vectors, they match the map&apos;s to within %9.%10</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (query %2 of %3) in %4, layer %5, head %6. The query q is this position&apos;s vector times the head&apos;s learnt query projection, plus its bias; each key k the same with the key projection, from %7. A key&apos;s score is q · k / √%8: the products of the %8 dimensions, summed and scaled. The weights are the softmax of the scores over the %n key this query may see (masked keys, hatched, are left out); recomputed here from the vectors, they match the map&apos;s to within %9.%10</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (query %2 of %3) in %4, layer %5, head %6. The query q is this position&apos;s vector times the head&apos;s learnt query projection, plus its bias; each key k the same with the key projection, from %7. A key&apos;s score is q · k / √%8: the products of the %8 dimensions, summed and scaled. The weights are the softmax of the scores over the %n keys this query may see (masked keys, hatched, are left out); recomputed here from the vectors, they match the map&apos;s to within %9.%10</numerusform>
        </translation>
    </message>
    <message>
        <source>the encoder&apos;s output</source>
        <translation>the encoder&apos;s output</translation>
    </message>
    <message>
        <source>the same layer&apos;s positions</source>
        <translation>the same layer&apos;s positions</translation>
    </message>
    <message>
        <source> (A decoder row is the step that has just read its piece and predicts the next one.)</source>
        <translation> (A decoder row is the step that has just read its piece and predicts the next one.)</translation>
    </message>
    <message>
        <source>Query and keys of %1</source>
        <translation>Query and keys of %1</translation>
    </message>
    <message>
        <source>Nothing to export: capture a sentence and choose a head.</source>
        <translation>Nothing to export: capture a sentence and choose a head.</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Export as %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 files (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Cannot write &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RoleThresholdsDialog</name>
    <message>
        <source>Thresholds of the head roles</source>
        <translation>Thresholds of the head roles</translation>
    </message>
    <message>
        <source>The least share of a head&apos;s attention on the end token to call it a sink</source>
        <translation>The least share of a head&apos;s attention on the end token to call it a sink</translation>
    </message>
    <message>
        <source>The least weight on the key just before (or after) to call a head previous (next) token</source>
        <translation>The least weight on the key just before (or after) to call a head previous (next) token</translation>
    </message>
    <message>
        <source>The least weight on its own position to call a head same token</source>
        <translation>The least weight on its own position to call a head same token</translation>
    </message>
    <message>
        <source>Cross-attention: the least weight within one key of the scaled diagonal</source>
        <translation>Cross-attention: the least weight within one key of the scaled diagonal</translation>
    </message>
    <message>
        <source>The least weight on punctuation (or on pieces of rare words)</source>
        <translation>The least weight on punctuation (or on pieces of rare words)</translation>
    </message>
    <message>
        <source>How many times their share of the keys that weight must be (1 = no more than chance)</source>
        <translation>How many times their share of the keys that weight must be (1 = no more than chance)</translation>
    </message>
    <message>
        <source>The least entropy, as a share of the most possible, to call a head broad</source>
        <translation>The least entropy, as a share of the most possible, to call a head broad</translation>
    </message>
    <message>
        <source>Switching a head off moves dev BLEU by less than this (points) to call it dead</source>
        <translation>Switching a head off moves dev BLEU by less than this (points) to call it dead</translation>
    </message>
    <message>
        <source>… and the reference loss by less than this share of itself (percent)</source>
        <translation>… and the reference loss by less than this share of itself (percent)</translation>
    </message>
    <message>
        <source>Sink: weight on the end token ≥</source>
        <translation>Sink: weight on the end token ≥</translation>
    </message>
    <message>
        <source>Previous / next token: weight ≥</source>
        <translation>Previous / next token: weight ≥</translation>
    </message>
    <message>
        <source>Same token: weight ≥</source>
        <translation>Same token: weight ≥</translation>
    </message>
    <message>
        <source>Diagonal alignment: weight ≥</source>
        <translation>Diagonal alignment: weight ≥</translation>
    </message>
    <message>
        <source>Punctuation / rare words: weight ≥</source>
        <translation>Punctuation / rare words: weight ≥</translation>
    </message>
    <message>
        <source>… and × their share of the keys ≥</source>
        <translation>… and × their share of the keys ≥</translation>
    </message>
    <message>
        <source>Broad: entropy ≥ (share of the most)</source>
        <translation>Broad: entropy ≥ (share of the most)</translation>
    </message>
    <message>
        <source>Dead: BLEU moves less than</source>
        <translation>Dead: BLEU moves less than</translation>
    </message>
    <message>
        <source>… and the loss less than (%)</source>
        <translation>… and the loss less than (%)</translation>
    </message>
    <message>
        <source>The first rule that holds names a head&apos;s role at each step, in the order listed.</source>
        <translation>The first rule that holds names a head&apos;s role at each step, in the order listed.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RunComparisonPanel</name>
    <message>
        <source>Add a run…</source>
        <translation>Add a run…</translation>
    </message>
    <message>
        <source>Draw another run&apos;s curves on these charts and compare its settings</source>
        <translation>Draw another run&apos;s curves on these charts and compare its settings</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Take the selected run out of the comparison</source>
        <translation>Take the selected run out of the comparison</translation>
    </message>
    <message>
        <source>Only the settings that differ</source>
        <translation>Only the settings that differ</translation>
    </message>
    <message>
        <source>Settings of the compared runs</source>
        <translation>Settings of the compared runs</translation>
    </message>
    <message>
        <source>Compare with a run folder</source>
        <translation>Compare with a run folder</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (this run)</source>
        <translation>%1 (this run)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <source>Test on the test split</source>
        <translation>Test on the test split</translation>
    </message>
    <message>
        <source>Testing: %1 (%2 of %3 lines)…</source>
        <translation>Testing: %1 (%2 of %3 lines)…</translation>
    </message>
    <message>
        <source>Not tested: %1</source>
        <translation>Not tested: %1</translation>
    </message>
    <message>
        <source>Stopping after the lines being translated…</source>
        <translation>Stopping after the lines being translated…</translation>
    </message>
    <message>
        <source>Stop testing</source>
        <translation>Stop testing</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Testing…</translation>
    </message>
    <message>
        <source> Stopped: the runs left untested show —.</source>
        <translation> Stopped: the runs left untested show —.</translation>
    </message>
    <message>
        <source>test BLEU ± 95%</source>
        <translation>test BLEU ± 95%</translation>
    </message>
    <message>
        <source>test chrF</source>
        <translation>test chrF</translation>
    </message>
    <message>
        <source>BLEU differs from this run?</source>
        <translation>BLEU differs from this run?</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>not tested</translation>
    </message>
    <message>
        <source>Tested on the %1 lines of %2 (beam %3, each run&apos;s best.pt).%4</source>
        <translation>Tested on the %1 lines of %2 (beam %3, each run&apos;s best.pt).%4</translation>
    </message>
    <message>
        <source>BLEU of each run&apos;s best.pt on this run&apos;s test split, and half the width of its 95% confidence interval (bootstrap resampling, as sacreBLEU&apos;s --confidence)</source>
        <translation>BLEU of each run&apos;s best.pt on this run&apos;s test split, and half the width of its 95% confidence interval (bootstrap resampling, as sacreBLEU&apos;s --confidence)</translation>
    </message>
    <message>
        <source>chrF of each run&apos;s best.pt on this run&apos;s test split</source>
        <translation>chrF of each run&apos;s best.pt on this run&apos;s test split</translation>
    </message>
    <message>
        <source>Does the run&apos;s BLEU differ from this run&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two runs translated alike; below 0.05 the difference is real.</source>
        <translation>Does the run&apos;s BLEU differ from this run&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two runs translated alike; below 0.05 the difference is real.</translation>
    </message>
    <message>
        <source>All together: the runs&apos; best models translating as one ensemble.</source>
        <translation>All together: the runs&apos; best models translating as one ensemble.</translation>
    </message>
    <message>
        <source>Not tested together: %1</source>
        <translation>Not tested together: %1</translation>
    </message>
    <message>
        <source>Every run&apos;s best.pt translating together: at each step the mean of their probabilities (an ensemble)</source>
        <translation>Every run&apos;s best.pt translating together: at each step the mean of their probabilities (an ensemble)</translation>
    </message>
    <message>
        <source>All together</source>
        <translation>All together</translation>
    </message>
    <message>
        <source>The runs&apos; best models translating together, an ensemble: at each step the mean of their probabilities</source>
        <translation>The runs&apos; best models translating together, an ensemble: at each step the mean of their probabilities</translation>
    </message>
    <message>
        <source>test BLEU: %1</source>
        <translation>test BLEU: %1</translation>
    </message>
    <message>
        <source>BLEU of each run&apos;s best.pt on the test lines that came from %1 alone (the data folder was prepared from several corpora)</source>
        <translation>BLEU of each run&apos;s best.pt on the test lines that came from %1 alone (the data folder was prepared from several corpora)</translation>
    </message>
    <message>
        <source>seconds to translate it</source>
        <translation>seconds to translate it</translation>
    </message>
    <message>
        <source>How long each run&apos;s best.pt took to translate this run&apos;s test split here, on this computer (loading not counted): a smaller model, such as a distilled student, is faster. Other work running meanwhile slows it.</source>
        <translation>How long each run&apos;s best.pt took to translate this run&apos;s test split here, on this computer (loading not counted): a smaller model, such as a distilled student, is faster. Other work running meanwhile slows it.</translation>
    </message>
    <message>
        <source>test TER (lower is better)</source>
        <translation>test TER (lower is better)</translation>
    </message>
    <message>
        <source>TER of each run&apos;s best.pt on this run&apos;s test split: the word edits (and shifts of word blocks) that would turn its translations into the references, per reference word, in percent, as sacreBLEU counts them</source>
        <translation>TER of each run&apos;s best.pt on this run&apos;s test split: the word edits (and shifts of word blocks) that would turn its translations into the references, per reference word, in percent, as sacreBLEU counts them</translation>
    </message>
    <message>
        <source>Translate this run&apos;s test split with its best model (beam 4, as evaluate does): BLEU with its 95% interval, chrF, TER; with runs added, with each run&apos;s too, saying whether each run&apos;s BLEU differs from this run&apos;s by more than chance</source>
        <translation>Translate this run&apos;s test split with its best model (beam 4, as evaluate does): BLEU with its 95% interval, chrF, TER; with runs added, with each run&apos;s too, saying whether each run&apos;s BLEU differs from this run&apos;s by more than chance</translation>
    </message>
    <message>
        <source>minimal pairs passed</source>
        <translation>minimal pairs passed</translation>
    </message>
    <message>
        <source>minimal pairs differ from this run?</source>
        <translation>minimal pairs differ from this run?</translation>
    </message>
    <message>
        <source>Minimal pairs made of this run&apos;s test split: each reference beside a copy with one thing made wrong (a negation, a number, is/are, a copied name). The share in which each run&apos;s best.pt finds the right translation the likelier; hover for each kind (the explorer&apos;s Minimal pairs tab lists them).</source>
        <translation>Minimal pairs made of this run&apos;s test split: each reference beside a copy with one thing made wrong (a negation, a number, is/are, a copied name). The share in which each run&apos;s best.pt finds the right translation the likelier; hover for each kind (the explorer&apos;s Minimal pairs tab lists them).</translation>
    </message>
    <message>
        <source>Does the run pass other minimal pairs than this run by more than chance? McNemar&apos;s exact test of the pairs one of the two passed alone; below 0.05 the difference is real.</source>
        <translation>Does the run pass other minimal pairs than this run by more than chance? McNemar&apos;s exact test of the pairs one of the two passed alone; below 0.05 the difference is real.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RunFinishedPanel</name>
    <message>
        <source>Translate with it</source>
        <translation>Translate with it</translation>
    </message>
    <message>
        <source>Opens Translate with this run&apos;s best checkpoint</source>
        <translation>Opens Translate with this run&apos;s best checkpoint</translation>
    </message>
    <message>
        <source>Look inside it</source>
        <translation>Look inside it</translation>
    </message>
    <message>
        <source>Opens Attention: a probe sentence&apos;s attention now, and how it formed while the run trained (the timelapse and Heads over training)</source>
        <translation>Opens Attention: a probe sentence&apos;s attention now, and how it formed while the run trained (the timelapse and Heads over training)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped at step %1: its translator is saved.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Stopped at step %1: its translator is saved.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your translator is ready&lt;/b&gt; (step %1).</source>
        <translation>&lt;b&gt;Your translator is ready&lt;/b&gt; (step %1).</translation>
    </message>
    <message>
        <source>Its best dev BLEU is %1.</source>
        <translation>Its best dev BLEU is %1.</translation>
    </message>
    <message>
        <source>Type Vietnamese in Translate, or look inside it in Attention: how its attention formed while it trained is recorded there.</source>
        <translation>Type Vietnamese in Translate, or look inside it in Attention: how its attention formed while it trained is recorded there.</translation>
    </message>
    <message>
        <source>Train a smaller student from it</source>
        <translation>Train a smaller student from it</translation>
    </message>
    <message>
        <source>Sets Training up for a smaller, faster model that learns this one&apos;s translations of the training sentences (distillation): Learn from names it as the teacher</source>
        <translation>Sets Training up for a smaller, faster model that learns this one&apos;s translations of the training sentences (distillation): Learn from names it as the teacher</translation>
    </message>
    <message>
        <source>Its best checkpoint, of step %1, scores a dev BLEU of %2 on all %3 dev sentences.</source>
        <translation>Its best checkpoint, of step %1, scores a dev BLEU of %2 on all %3 dev sentences.</translation>
    </message>
    <message>
        <source>On the dev split of the data it learnt before, its BLEU went from %1 (step %2) to %3 (the best checkpoint&apos;s, step %4): what fine-tuning cost it there, or gained.</source>
        <translation>On the dev split of the data it learnt before, its BLEU went from %1 (step %2) to %3 (the best checkpoint&apos;s, step %4): what fine-tuning cost it there, or gained.</translation>
    </message>
    <message numerus="yes">
        <source>At that step&apos;s evaluation, %1 of your %n correction(s) came out as you wrote them.</source>
        <translation>
            <numerusform>At that step&apos;s evaluation, %1 of your %n correction came out as you wrote it.</numerusform>
            <numerusform>At that step&apos;s evaluation, %1 of your %n corrections came out as you wrote them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its best BLEU on your corrections is %1.</source>
        <translation>Its best BLEU on your corrections is %1.</translation>
    </message>
    <message>
        <source>Back-translate with it</source>
        <translation>Back-translate with it</translation>
    </message>
    <message>
        <source>More pairs from English text: this English → Vietnamese model translates English text into more training pairs for the translator</source>
        <translation>More pairs from English text: this English → Vietnamese model translates English text into more training pairs for the translator</translation>
    </message>
    <message>
        <source>It translates English to Vietnamese: back-translate English text with it (More pairs from English text) for more training pairs of the translator.</source>
        <translation>It translates English to Vietnamese: back-translate English text with it (More pairs from English text) for more training pairs of the translator.</translation>
    </message>
</context>
<context>
    <name>studio::ui::SmallAndFastDialog</name>
    <message>
        <source>Make it small and fast</source>
        <translation>Make it small and fast</translation>
    </message>
    <message>
        <source>How many dev sentences each way translates</source>
        <translation>How many dev sentences each way translates</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Dev sentences</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Choose a shortlist</source>
        <translation>Choose a shortlist</translation>
    </message>
    <message>
        <source>Shortlists (*.txt);;All files (*)</source>
        <translation>Shortlists (*.txt);;All files (*)</translation>
    </message>
    <message>
        <source>Shortlist</source>
        <translation>Shortlist</translation>
    </message>
    <message>
        <source>Rank the heads first (each head off in turn: as many translations of the sentences as heads)</source>
        <translation>Rank the heads first (each head off in turn: as many translations of the sentences as heads)</translation>
    </message>
    <message>
        <source>Pruned heads</source>
        <translation>Pruned heads</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Measure</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>BLEU against speed, one point a way</source>
        <translation>BLEU against speed, one point a way</translation>
    </message>
    <message>
        <source>sentences per second on this computer</source>
        <translation>sentences per second on this computer</translation>
    </message>
    <message>
        <source>BLEU on the dev sentences</source>
        <translation>BLEU on the dev sentences</translation>
    </message>
    <message>
        <source>Way</source>
        <translation>Way</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>As float32</source>
        <translation>As float32</translation>
    </message>
    <message>
        <source>Sentences/s</source>
        <translation>Sentences/s</translation>
    </message>
    <message>
        <source>Pieces/s</source>
        <translation>Pieces/s</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>Save the chosen way…</source>
        <translation>Save the chosen way…</translation>
    </message>
    <message>
        <source>A folder with the model (its heads pruned for good), its SentencePiece model, the shortlist and the same model for CTranslate2 (int8 when chosen)</source>
        <translation>A folder with the model (its heads pruned for good), its SentencePiece model, the shortlist and the same model for CTranslate2 (int8 when chosen)</translation>
    </message>
    <message>
        <source>Use in Translate</source>
        <translation>Use in Translate</translation>
    </message>
    <message>
        <source>Saved to %1 (CTranslate2: %2). Translate with: %3</source>
        <translation>Saved to %1 (CTranslate2: %2). Translate with: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>Save the chosen way into a folder</source>
        <translation>Save the chosen way into a folder</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Model: %1</translation>
    </message>
    <message>
        <source>No ranking of this model&apos;s heads is saved (the Attention workspace&apos;s Rank heads saves one): without ranking them first, no ways with heads pruned.</source>
        <translation>No ranking of this model&apos;s heads is saved (the Attention workspace&apos;s Rank heads saves one): without ranking them first, no ways with heads pruned.</translation>
    </message>
    <message>
        <source>The heads&apos; ranking saved in %1 is used unless they are ranked again.</source>
        <translation>The heads&apos; ranking saved in %1 is used unless they are ranked again.</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Measuring…</translation>
    </message>
    <message>
        <source>Heads pruned: %1</source>
        <translation>Heads pruned: %1</translation>
    </message>
    <message>
        <source>Sentences translated exactly as float32 translates them</source>
        <translation>Sentences translated exactly as float32 translates them</translation>
    </message>
    <message>
        <source>no heads pruned (no ranking)</source>
        <translation>no heads pruned (no ranking)</translation>
    </message>
    <message>
        <source>heads ranked: %1</source>
        <translation>heads ranked: %1</translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation> — stopped</translation>
    </message>
    <message>
        <source>Choose a way in the table first.</source>
        <translation>Choose a way in the table first.</translation>
    </message>
    <message>
        <source>Saving %1 into %2…</source>
        <translation>Saving %1 into %2…</translation>
    </message>
    <message>
        <source>heads ranked now, saved to %1</source>
        <translation>heads ranked now, saved to %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>BLEU ± 95%</source>
        <translation>BLEU ± 95%</translation>
    </message>
    <message>
        <source>BLEU differs?</source>
        <translation>BLEU differs?</translation>
    </message>
    <message>
        <source>BLEU on these sentences, and half the width of its 95% confidence interval from bootstrap resampling (1,000 resamples, as sacreBLEU&apos;s --confidence)</source>
        <translation>BLEU on these sentences, and half the width of its 95% confidence interval from bootstrap resampling (1,000 resamples, as sacreBLEU&apos;s --confidence)</translation>
    </message>
    <message>
        <source>Is this way&apos;s BLEU different from float32&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two ways translated alike; below 0.05 the difference is real.</source>
        <translation>Is this way&apos;s BLEU different from float32&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two ways translated alike; below 0.05 the difference is real.</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% interval</translation>
    </message>
    <message>
        <source>Each way to run the model, measured on this computer on the same dev sentences: int8 weights, a vocabulary shortlist, the least important heads pruned, and the smaller students trained on its translations. Choose one and save it, with its CTranslate2 model.</source>
        <translation>Each way to run the model, measured on this computer on the same dev sentences: int8 weights, a vocabulary shortlist, the least important heads pruned, and the smaller students trained on its translations. Choose one and save it, with its CTranslate2 model.</translation>
    </message>
    <message>
        <source>A student trained on this model&apos;s translations: %1</source>
        <translation>A student trained on this model&apos;s translations: %1</translation>
    </message>
    <message>
        <source>no students (Training&apos;s Learn from trains one beside this run)</source>
        <translation>no students (Training&apos;s Learn from trains one beside this run)</translation>
    </message>
    <message numerus="yes">
        <source>%n student(s) beside it</source>
        <translation>
            <numerusform>%n student beside it</numerusform>
            <numerusform>%n students beside it</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sentences of %2, beam %3; %4; %5%6</source>
        <translation>%1 sentences of %2, beam %3; %4; %5%6</translation>
    </message>
    <message>
        <source>none: no ways with a shortlist (Learn makes one)</source>
        <translation>none: no ways with a shortlist (Learn makes one)</translation>
    </message>
    <message>
        <source>A vocabulary shortlist of the model&apos;s data (Learn, or attention-studio-cli shortlist)</source>
        <translation>A vocabulary shortlist of the model&apos;s data (Learn, or attention-studio-cli shortlist)</translation>
    </message>
    <message>
        <source>Written to %1.</source>
        <translation>Written to %1.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TeacherBox</name>
    <message>
        <source>Learn from</source>
        <translation>Learn from</translation>
    </message>
    <message>
        <source>A teacher model…</source>
        <translation>A teacher model…</translation>
    </message>
    <message>
        <source>Train a smaller, faster model (a student) on a trained model&apos;s translations of the training sentences instead of people&apos;s (sequence-level distillation)</source>
        <translation>Train a smaller, faster model (a student) on a trained model&apos;s translations of the training sentences instead of people&apos;s (sequence-level distillation)</translation>
    </message>
    <message>
        <source>Choose the teacher model</source>
        <translation>Choose the teacher model</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Models (*.pt);;All files (*)</translation>
    </message>
    <message>
        <source>The corpus</source>
        <translation>The corpus</translation>
    </message>
    <message>
        <source>Learn the corpus&apos;s own English, as people translated it</source>
        <translation>Learn the corpus&apos;s own English, as people translated it</translation>
    </message>
    <message>
        <source>Distil</source>
        <translation>Distil</translation>
    </message>
    <message>
        <source>Have the teacher translate the data folder&apos;s training sentences now, into the distilled data folder (Start does it when needed)</source>
        <translation>Have the teacher translate the data folder&apos;s training sentences now, into the distilled data folder (Start does it when needed)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot teach: %2</source>
        <translation>&apos;%1&apos; cannot teach: %2</translation>
    </message>
    <message>
        <source>The corpus: the new model learns the English people wrote.</source>
        <translation>The corpus: the new model learns the English people wrote.</translation>
    </message>
    <message>
        <source>Choose the data folder the teacher translates.</source>
        <translation>Choose the data folder the teacher translates.</translation>
    </message>
    <message>
        <source>The data folder holds a teacher&apos;s translations already: the student learns them.
%1</source>
        <translation>The data folder holds a teacher&apos;s translations already: the student learns them.
%1</translation>
    </message>
    <message>
        <source>Distilled data: %1
%2</source>
        <translation>Distilled data: %1
%2</translation>
    </message>
    <message>
        <source>Distilled data: %1 (not made yet: Start or Distil has the teacher translate; minutes for tens of thousands of sentences)</source>
        <translation>Distilled data: %1 (not made yet: Start or Distil has the teacher translate; minutes for tens of thousands of sentences)</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>int8 (faster)</source>
        <translation>int8 (faster)</translation>
    </message>
    <message>
        <source>The teacher&apos;s weights while it translates: int8 (one byte a weight, on the CPU&apos;s engine whatever the device) translates faster at about float32&apos;s BLEU</source>
        <translation>The teacher&apos;s weights while it translates: int8 (one byte a weight, on the CPU&apos;s engine whatever the device) translates faster at about float32&apos;s BLEU</translation>
    </message>
    <message>
        <source>int8 cannot run here: %1</source>
        <translation>int8 cannot run here: %1</translation>
    </message>
    <message>
        <source>Teacher&apos;s weights:</source>
        <translation>Teacher&apos;s weights:</translation>
    </message>
    <message>
        <source>Teacher: %1. It translates the data folder&apos;s training sentences (beam 4, in the weights chosen below); the new model, its student, learns that English instead of people&apos;s, and a student much smaller than its teacher learns more from it than from the corpus. Dev and test stay people&apos;s; the vocabulary is the teacher&apos;s. The form holds the teacher&apos;s shape with one decoder layer (faster to translate): make it smaller as you like.</source>
        <translation>Teacher: %1. It translates the data folder&apos;s training sentences (beam 4, in the weights chosen below); the new model, its student, learns that English instead of people&apos;s, and a student much smaller than its teacher learns more from it than from the corpus. Dev and test stay people&apos;s; the vocabulary is the teacher&apos;s. The form holds the teacher&apos;s shape with one decoder layer (faster to translate): make it smaller as you like.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TimelapseBar</name>
    <message>
        <source>Training timelapse:</source>
        <translation>Training timelapse:</translation>
    </message>
    <message>
        <source>The attention of the run&apos;s probe sentences, recorded as it trained</source>
        <translation>The attention of the run&apos;s probe sentences, recorded as it trained</translation>
    </message>
    <message>
        <source>Probe sentence</source>
        <translation>Probe sentence</translation>
    </message>
    <message>
        <source>Attention over</source>
        <translation>Attention over</translation>
    </message>
    <message>
        <source>on the reference</source>
        <translation>on the reference</translation>
    </message>
    <message>
        <source>on its own translation</source>
        <translation>on its own translation</translation>
    </message>
    <message>
        <source>Teacher-forced on the probe&apos;s reference (the same grid at every step), or over the translation the model itself gave at that step</source>
        <translation>Teacher-forced on the probe&apos;s reference (the same grid at every step), or over the translation the model itself gave at that step</translation>
    </message>
    <message>
        <source>Play the timelapse</source>
        <translation>Play the timelapse</translation>
    </message>
    <message>
        <source>Play the recorded steps</source>
        <translation>Play the recorded steps</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>Training step</translation>
    </message>
    <message>
        <source>No run chosen: train one, or open a run in Training.</source>
        <translation>No run chosen: train one, or open a run in Training.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No probe records in this run yet.</source>
        <translation>No probe records in this run yet.</translation>
    </message>
    <message>
        <source>step %1 (%2 of %3)</source>
        <translation>step %1 (%2 of %3)</translation>
    </message>
    <message>
        <source>Pause the timelapse</source>
        <translation>Pause the timelapse</translation>
    </message>
</context>
<context>
    <name>studio::ui::TrainingSettingsForm</name>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <source>Starting values for every field below</source>
        <translation>Starting values for every field below</translation>
    </message>
    <message>
        <source>Model width; must be divisible by the heads</source>
        <translation>Model width; must be divisible by the heads</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Attention heads</translation>
    </message>
    <message>
        <source>Inner width of the feed-forward</source>
        <translation>Inner width of the feed-forward</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Residual dropout</source>
        <translation>Residual dropout</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Heads</translation>
    </message>
    <message>
        <source>d_ff</source>
        <translation>d_ff</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Tokens a batch, padding included</source>
        <translation>Tokens a batch, padding included</translation>
    </message>
    <message>
        <source>Warmup steps of the Noam schedule</source>
        <translation>Warmup steps of the Noam schedule</translation>
    </message>
    <message>
        <source>Optimizer steps to train</source>
        <translation>Optimizer steps to train</translation>
    </message>
    <message>
        <source>Evaluate on dev and write a checkpoint every N steps</source>
        <translation>Evaluate on dev and write a checkpoint every N steps</translation>
    </message>
    <message>
        <source>Batch tokens</source>
        <translation>Batch tokens</translation>
    </message>
    <message>
        <source>Warmup steps</source>
        <translation>Warmup steps</translation>
    </message>
    <message>
        <source>Max steps</source>
        <translation>Max steps</translation>
    </message>
    <message>
        <source>Evaluate every</source>
        <translation>Evaluate every</translation>
    </message>
    <message>
        <source>Optimisation</source>
        <translation>Optimisation</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Schedule</translation>
    </message>
    <message>
        <source>noam: warmup then 1/sqrt(step) (the paper); cosine: decay with warm restarts; plateau: cut the rate when dev BLEU stops improving</source>
        <translation>noam: warmup then 1/sqrt(step) (the paper); cosine: decay with warm restarts; plateau: cut the rate when dev BLEU stops improving</translation>
    </message>
    <message>
        <source>Noam factor</source>
        <translation>Noam factor</translation>
    </message>
    <message>
        <source>Scales the Noam schedule: rate = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)</source>
        <translation>Scales the Noam schedule: rate = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)</translation>
    </message>
    <message>
        <source>Peak learning rate</source>
        <translation>Peak learning rate</translation>
    </message>
    <message>
        <source>The peak rate of the cosine and plateau schedules</source>
        <translation>The peak rate of the cosine and plateau schedules</translation>
    </message>
    <message>
        <source>Minimum learning rate</source>
        <translation>Minimum learning rate</translation>
    </message>
    <message>
        <source>Cosine decays to this; plateau never cuts below it</source>
        <translation>Cosine decays to this; plateau never cuts below it</translation>
    </message>
    <message>
        <source>to the last step</source>
        <translation>to the last step</translation>
    </message>
    <message>
        <source>Cosine cycle</source>
        <translation>Cosine cycle</translation>
    </message>
    <message>
        <source>Steps of the first cosine cycle (0: one cycle that ends at the last step)</source>
        <translation>Steps of the first cosine cycle (0: one cycle that ends at the last step)</translation>
    </message>
    <message>
        <source>Plateau patience</source>
        <translation>Plateau patience</translation>
    </message>
    <message>
        <source>Evaluations without a better BLEU before the rate is cut</source>
        <translation>Evaluations without a better BLEU before the rate is cut</translation>
    </message>
    <message>
        <source>Label smoothing</source>
        <translation>Label smoothing</translation>
    </message>
    <message>
        <source>ε of label-smoothed cross-entropy (0.1 in the paper)</source>
        <translation>ε of label-smoothed cross-entropy (0.1 in the paper)</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>Gradient clipping</translation>
    </message>
    <message>
        <source>Clip the gradient&apos;s norm to this; 0 = off</source>
        <translation>Clip the gradient&apos;s norm to this; 0 = off</translation>
    </message>
    <message>
        <source>Accumulate batches</source>
        <translation>Accumulate batches</translation>
    </message>
    <message>
        <source>Batches summed into one optimizer step (a larger batch)</source>
        <translation>Batches summed into one optimizer step (a larger batch)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Seeds initialisation, dropout and batch order: the same seed trains the same model on the CPU</source>
        <translation>Seeds initialisation, dropout and batch order: the same seed trains the same model on the CPU</translation>
    </message>
    <message>
        <source>off (fp32)</source>
        <translation>off (fp32)</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>Mixed precision</translation>
    </message>
    <message>
        <source>Autocast: auto picks bf16 on CPUs with bf16 instructions (AVX512-BF16, AMX) and on GPUs with native bf16 (Ampere and newer); fp32 on other CPUs, fp16 with loss scaling on older GPUs</source>
        <translation>Autocast: auto picks bf16 on CPUs with bf16 instructions (AVX512-BF16, AMX) and on GPUs with native bf16 (Ampere and newer); fp32 on other CPUs, fp16 with loss scaling on older GPUs</translation>
    </message>
    <message>
        <source>Evaluation and checkpoints</source>
        <translation>Evaluation and checkpoints</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Dev sentences</translation>
    </message>
    <message>
        <source>Dev sentences translated for BLEU at each evaluation; 0 = all</source>
        <translation>Dev sentences translated for BLEU at each evaluation; 0 = all</translation>
    </message>
    <message>
        <source>Samples shown</source>
        <translation>Samples shown</translation>
    </message>
    <message>
        <source>Sample translations printed at each evaluation</source>
        <translation>Sample translations printed at each evaluation</translation>
    </message>
    <message>
        <source>Dev beam size</source>
        <translation>Dev beam size</translation>
    </message>
    <message>
        <source>Beam size of the dev translations (1 = greedy, fastest)</source>
        <translation>Beam size of the dev translations (1 = greedy, fastest)</translation>
    </message>
    <message>
        <source>Keep checkpoints</source>
        <translation>Keep checkpoints</translation>
    </message>
    <message>
        <source>Checkpoints kept; best.pt is kept apart</source>
        <translation>Checkpoints kept; best.pt is kept apart</translation>
    </message>
    <message>
        <source>Average last</source>
        <translation>Average last</translation>
    </message>
    <message>
        <source>At the end, average the last N checkpoints into averaged.pt; 0 = off</source>
        <translation>At the end, average the last N checkpoints into averaged.pt; 0 = off</translation>
    </message>
    <message>
        <source>Early stopping</source>
        <translation>Early stopping</translation>
    </message>
    <message>
        <source>Stop after N evaluations without a better dev BLEU; 0 = off</source>
        <translation>Stop after N evaluations without a better dev BLEU; 0 = off</translation>
    </message>
    <message>
        <source>Max epochs</source>
        <translation>Max epochs</translation>
    </message>
    <message>
        <source>Stop after N passes over the training data; 0 = no limit</source>
        <translation>Stop after N passes over the training data; 0 = no limit</translation>
    </message>
    <message>
        <source>Keep models</source>
        <translation>Keep models</translation>
    </message>
    <message>
        <source>Also keep the model of every N-th evaluation in the run&apos;s models/ folder, so that the charts can open that step in Translate and Attention; 0 = off</source>
        <translation>Also keep the model of every N-th evaluation in the run&apos;s models/ folder, so that the charts can open that step in Translate and Attention; 0 = off</translation>
    </message>
    <message>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <source> (every N-th evaluation)</source>
        <translation> (every N-th evaluation)</translation>
    </message>
    <message numerus="yes">
        <source>Keeps %n model(s), about %1 on the disk.</source>
        <translation>
            <numerusform>Keeps %n model, about %1 on the disk.</numerusform>
            <numerusform>Keeps %n models, about %1 on the disk.</numerusform>
        </translation>
    </message>
    <message>
        <source>Record probes every</source>
        <translation>Record probes every</translation>
    </message>
    <message>
        <source>Record the probe sentences&apos; attention every N steps (for the Attention explorer&apos;s timelapse); 0 = at every evaluation</source>
        <translation>Record the probe sentences&apos; attention every N steps (for the Attention explorer&apos;s timelapse); 0 = at every evaluation</translation>
    </message>
    <message>
        <source>each evaluation</source>
        <translation>each evaluation</translation>
    </message>
    <message>
        <source>Probe sentences</source>
        <translation>Probe sentences</translation>
    </message>
    <message>
        <source>Empty: the first 3 dev pairs. One a line: SOURCE ||| REFERENCE</source>
        <translation>Empty: the first 3 dev pairs. One a line: SOURCE ||| REFERENCE</translation>
    </message>
    <message>
        <source>Sentences whose attention is recorded as the run trains, for the timelapse. A line without a reference records the model&apos;s own translation only.</source>
        <translation>Sentences whose attention is recorded as the run trains, for the timelapse. A line without a reference records the model&apos;s own translation only.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Time budget</source>
        <translation>Time budget</translation>
    </message>
    <message>
        <source>Minutes the whole run may take: after its first 200 steps it sets Max steps (at most the value above) to the steps that fit at their pace; none = train Max steps</source>
        <translation>Minutes the whole run may take: after its first 200 steps it sets Max steps (at most the value above) to the steps that fit at their pace; none = train Max steps</translation>
    </message>
    <message>
        <source>Encoder layers: each reads the whole source once a sentence</source>
        <translation>Encoder layers: each reads the whole source once a sentence</translation>
    </message>
    <message>
        <source>Decoder layers: each runs again for every piece written, so they set the speed of translating (a deep encoder and a shallow decoder translate fastest for their quality)</source>
        <translation>Decoder layers: each runs again for every piece written, so they set the speed of translating (a deep encoder and a shallow decoder translate fastest for their quality)</translation>
    </message>
    <message>
        <source>Encoder layers</source>
        <translation>Encoder layers</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>Decoder layers</translation>
    </message>
    <message>
        <source>Subword sampling (α)</source>
        <translation>Subword sampling (α)</translation>
    </message>
    <message>
        <source>Each epoch splits the training sentences into pieces anew. A unigram vocabulary draws with its odds raised to α (subword regularization: 0.5 is mild; a lower α draws shorter pieces and needs longer training); a BPE vocabulary skips each merge with probability α (BPE-dropout: 0.1 as in its paper). Off: the same pieces every epoch. Dev, test and translation keep the best split</source>
        <translation>Each epoch splits the training sentences into pieces anew. A unigram vocabulary draws with its odds raised to α (subword regularization: 0.5 is mild; a lower α draws shorter pieces and needs longer training); a BPE vocabulary skips each merge with probability α (BPE-dropout: 0.1 as in its paper). Off: the same pieces every epoch. Dev, test and translation keep the best split</translation>
    </message>
    <message>
        <source>BPE-dropout (α)</source>
        <translation>BPE-dropout (α)</translation>
    </message>
    <message>
        <source>Weight average (EMA)</source>
        <translation>Weight average (EMA)</translation>
    </message>
    <message>
        <source>Evaluate, record and keep an exponential moving average of the weights instead of the weights themselves (they go on training): 0.999 averages about the last 1,000 steps. Off: the weights</source>
        <translation>Evaluate, record and keep an exponential moving average of the weights instead of the weights themselves (they go on training): 0.999 averages about the last 1,000 steps. Off: the weights</translation>
    </message>
    <message>
        <source>Guided alignment</source>
        <translation>Guided alignment</translation>
    </message>
    <message>
        <source>Train the first cross-attention head of the last decoder layer (the last but one from 4 layers) to follow word alignments learnt from the training pairs first, with this weight on its loss (0.05 as in Garg et al. 2019): word alignments, kept tags and a document&apos;s formatting then follow that head. Off: they follow the last layer&apos;s attention. On the starter it aligned worse than the last layer&apos;s attention (docs/training.md)</source>
        <translation>Train the first cross-attention head of the last decoder layer (the last but one from 4 layers) to follow word alignments learnt from the training pairs first, with this weight on its loss (0.05 as in Garg et al. 2019): word alignments, kept tags and a document&apos;s formatting then follow that head. Off: they follow the last layer&apos;s attention. On the starter it aligned worse than the last layer&apos;s attention (docs/training.md)</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Direction</translation>
    </message>
    <message>
        <source>Vietnamese → English</source>
        <translation>Vietnamese → English</translation>
    </message>
    <message>
        <source>English → Vietnamese (for back-translation)</source>
        <translation>English → Vietnamese (for back-translation)</translation>
    </message>
    <message>
        <source>Which way the model translates. English → Vietnamese trains on the same data folder the other way round: a model for More pairs from English text (back-translation), not for Translate</source>
        <translation>Which way the model translates. English → Vietnamese trains on the same data folder the other way round: a model for More pairs from English text (back-translation), not for Translate</translation>
    </message>
</context>
<context>
    <name>studio::ui::TrainingWorkspace</name>
    <message>
        <source>Data and run</source>
        <translation>Data and run</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <source>Browse for %1</source>
        <translation>Browse for %1</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>Choose a folder</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <source>Prepare</source>
        <translation>Prepare</translation>
    </message>
    <message>
        <source>Read, clean and split the corpus, train SentencePiece and encode it into the data folder (Start does it when needed)</source>
        <translation>Read, clean and split the corpus, train SentencePiece and encode it into the data folder (Start does it when needed)</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Data folder</translation>
    </message>
    <message>
        <source>The prepared data (written by Prepare or attention-studio-cli prepare)</source>
        <translation>The prepared data (written by Prepare or attention-studio-cli prepare)</translation>
    </message>
    <message>
        <source>Run folder</source>
        <translation>Run folder</translation>
    </message>
    <message>
        <source>Checkpoints, metrics.jsonl and best.pt are written here</source>
        <translation>Checkpoints, metrics.jsonl and best.pt are written here</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Device</translation>
    </message>
    <message>
        <source>auto: the GPU when this build has CUDA and one is present, else the CPU</source>
        <translation>auto: the GPU when this build has CUDA and one is present, else the CPU</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <source>Start a new run in the run folder</source>
        <translation>Start a new run in the run folder</translation>
    </message>
    <message>
        <source>Finish the current step, write a checkpoint and stop</source>
        <translation>Finish the current step, write a checkpoint and stop</translation>
    </message>
    <message>
        <source>Continue the run in the run folder from its newest checkpoint</source>
        <translation>Continue the run in the run folder from its newest checkpoint</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Training progress</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Idle</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>train</source>
        <translation>train</translation>
    </message>
    <message>
        <source>dev</source>
        <translation>dev</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Learning rate</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>rate</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Speed</translation>
    </message>
    <message>
        <source>target tokens / s</source>
        <translation>target tokens / s</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>Sample translations</source>
        <translation>Sample translations</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Samples</translation>
    </message>
    <message>
        <source>best so far: %1</source>
        <translation>best so far: %1</translation>
    </message>
    <message>
        <source>checkpoint: %1</source>
        <translation>checkpoint: %1</translation>
    </message>
    <message>
        <source>Preparing the data failed: %1</source>
        <translation>Preparing the data failed: %1</translation>
    </message>
    <message>
        <source>Preparing %1 into %2…</source>
        <translation>Preparing %1 into %2…</translation>
    </message>
    <message>
        <source>preparing %1 → %2</source>
        <translation>preparing %1 → %2</translation>
    </message>
    <message>
        <source>Data prepared in %1.</source>
        <translation>Data prepared in %1.</translation>
    </message>
    <message>
        <source>Not prepared yet: Start prepares it from the corpus.</source>
        <translation>Not prepared yet: Start prepares it from the corpus.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run folder: it has no metrics.jsonl</source>
        <translation>&apos;%1&apos; is not a run folder: it has no metrics.jsonl</translation>
    </message>
    <message>
        <source>Opened %1: %2 steps of history%3.</source>
        <translation>Opened %1: %2 steps of history%3.</translation>
    </message>
    <message>
        <source>, %1 unreadable lines skipped</source>
        <translation>, %1 unreadable lines skipped</translation>
    </message>
    <message>
        <source>Choose a corpus or a prepared data folder first.</source>
        <translation>Choose a corpus or a prepared data folder first.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Resuming…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Stopping after this step…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · loss %3 · %4 tokens/s · elapsed %5 · ETA %6</source>
        <translation>Step %1 of %2 · loss %3 · %4 tokens/s · elapsed %5 · ETA %6</translation>
    </message>
    <message>
        <source>— step %1: dev loss %2, perplexity %3, accuracy %4 %, BLEU %5%6
</source>
        <translation>— step %1: dev loss %2, perplexity %3, accuracy %4 %, BLEU %5%6
</translation>
    </message>
    <message>
        <source> (best)</source>
        <translation> (best)</translation>
    </message>
    <message>
        <source>  source:     %1
  reference:  %2
  hypothesis: %3
</source>
        <translation>  source:     %1
  reference:  %2
  hypothesis: %3
</translation>
    </message>
    <message>
        <source>Finished at step %1 (%2).</source>
        <translation>Finished at step %1 (%2).</translation>
    </message>
    <message>
        <source> Best dev BLEU %1.</source>
        <translation> Best dev BLEU %1.</translation>
    </message>
    <message>
        <source> Last checkpoint: %1</source>
        <translation> Last checkpoint: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>error: %1</translation>
    </message>
    <message>
        <source>Click a step to see the probe sentences&apos; attention there (Attention tab)</source>
        <translation>Click a step to see the probe sentences&apos; attention there (Attention tab)</translation>
    </message>
    <message>
        <source>Open step %1&apos;s model in Translate</source>
        <translation>Open step %1&apos;s model in Translate</translation>
    </message>
    <message>
        <source>Explore step %1&apos;s model in Attention</source>
        <translation>Explore step %1&apos;s model in Attention</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Compare runs</translation>
    </message>
    <message>
        <source>%1 (dev)</source>
        <translation>%1 (dev)</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Workers</translation>
    </message>
    <message>
        <source>Data-parallel workers: each trains on its share of every batch, their gradients are summed (c10d, Gloo), and the charts show the sums. On a CPU they share the cores; on a CUDA machine each takes a GPU. The log shows each worker&apos;s state.</source>
        <translation>Data-parallel workers: each trains on its share of every batch, their gradients are summed (c10d, Gloo), and the charts show the sums. On a CPU they share the cores; on a CUDA machine each takes a GPU. The log shows each worker&apos;s state.</translation>
    </message>
    <message>
        <source>Dev BLEU and chrF</source>
        <translation>Dev BLEU and chrF</translation>
    </message>
    <message>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>%1, chrF %2</source>
        <translation>%1, chrF %2</translation>
    </message>
    <message>
        <source>BLEU, original dev</source>
        <translation>BLEU, original dev</translation>
    </message>
    <message>
        <source>A new model: the preset decides its shape.</source>
        <translation>A new model: the preset decides its shape.</translation>
    </message>
    <message>
        <source>Fine-tuning %1: choose the new corpus, then Start.</source>
        <translation>Fine-tuning %1: choose the new corpus, then Start.</translation>
    </message>
    <message>
        <source>  original dev: BLEU %1, chrF %2
</source>
        <translation>  original dev: BLEU %1, chrF %2
</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first, then learn from the corrections.</source>
        <translation>A run is in progress: stop it first, then learn from the corrections.</translation>
    </message>
    <message>
        <source>Cannot learn from the corrections of &apos;%1&apos;: %2</source>
        <translation>Cannot learn from the corrections of &apos;%1&apos;: %2</translation>
    </message>
    <message numerus="yes">
        <source>learning from %n correction(s) of %1</source>
        <translation>
            <numerusform>learning from %n correction of %1</numerusform>
            <numerusform>learning from %n corrections of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Encoding of corpus files that are not UTF-8</source>
        <translation>Encoding of corpus files that are not UTF-8</translation>
    </message>
    <message>
        <source>UTF-8</source>
        <translation>UTF-8</translation>
    </message>
    <message>
        <source>Vietnamese written before Unicode: corpus files that are not UTF-8 are read in this encoding (a file that is UTF-8 stays UTF-8). Preparing says which one a file reads as when it is not UTF-8.</source>
        <translation>Vietnamese written before Unicode: corpus files that are not UTF-8 are read in this encoding (a file that is UTF-8 stays UTF-8). Preparing says which one a file reads as when it is not UTF-8.</translation>
    </message>
    <message>
        <source>Encoding:</source>
        <translation>Encoding:</translation>
    </message>
    <message>
        <source>Choose a corpus to prepare: a folder, a TSV or TMX file, or two aligned files.</source>
        <translation>Choose a corpus to prepare: a folder, a TSV or TMX file, or two aligned files.</translation>
    </message>
    <message>
        <source>Keep repeated pairs</source>
        <translation>Keep repeated pairs</translation>
    </message>
    <message>
        <source>Off: a pair the corpus holds again (once cleaned) is dropped and counted, as corpora and translation memories repeat their boilerplate. On: every repeat is trained on.</source>
        <translation>Off: a pair the corpus holds again (once cleaned) is dropped and counted, as corpora and translation memories repeat their boilerplate. On: every repeat is trained on.</translation>
    </message>
    <message>
        <source>BLEU, %1</source>
        <translation>BLEU, %1</translation>
    </message>
    <message>
        <source>  dev of %1: BLEU %2
</source>
        <translation>  dev of %1: BLEU %2
</translation>
    </message>
    <message>
        <source>Stopped: the teacher&apos;s translations so far were not kept.</source>
        <translation>Stopped: the teacher&apos;s translations so far were not kept.</translation>
    </message>
    <message>
        <source>Distilling the data failed: %1</source>
        <translation>Distilling the data failed: %1</translation>
    </message>
    <message>
        <source>Stopping the teacher after the sentences it is translating…</source>
        <translation>Stopping the teacher after the sentences it is translating…</translation>
    </message>
    <message>
        <source>No teacher: the new model learns the corpus&apos;s English.</source>
        <translation>No teacher: the new model learns the corpus&apos;s English.</translation>
    </message>
    <message>
        <source>A student of %1: choose its shape under Model, then Start.</source>
        <translation>A student of %1: choose its shape under Model, then Start.</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first, then train a student.</source>
        <translation>A run is in progress: stop it first, then train a student.</translation>
    </message>
    <message>
        <source>Choose a teacher model first (Learn from).</source>
        <translation>Choose a teacher model first (Learn from).</translation>
    </message>
    <message>
        <source>Choose a corpus or a prepared data folder for the teacher to translate.</source>
        <translation>Choose a corpus or a prepared data folder for the teacher to translate.</translation>
    </message>
    <message>
        <source>The teacher %1 is loading…</source>
        <translation>The teacher %1 is loading…</translation>
    </message>
    <message>
        <source>distilling %1 with the teacher %2 → %3</source>
        <translation>distilling %1 with the teacher %2 → %3</translation>
    </message>
    <message>
        <source>The teacher translates the training sentences: %1 of %2 · about %3 s left</source>
        <translation>The teacher translates the training sentences: %1 of %2 · about %3 s left</translation>
    </message>
    <message>
        <source>The teacher translates the training sentences: %1 of %2</source>
        <translation>The teacher translates the training sentences: %1 of %2</translation>
    </message>
    <message>
        <source>Distilled data in %1.</source>
        <translation>Distilled data in %1.</translation>
    </message>
    <message>
        <source>Stopped: nothing of this preparation was kept (a folder prepared before is as it was).</source>
        <translation>Stopped: nothing of this preparation was kept (a folder prepared before is as it was).</translation>
    </message>
    <message>
        <source>preparation stopped</source>
        <translation>preparation stopped</translation>
    </message>
    <message>
        <source>Could not write the toy task&apos;s corpus: %1</source>
        <translation>Could not write the toy task&apos;s corpus: %1</translation>
    </message>
    <message>
        <source>Toy task: %1. Start prepares it and trains the toy model.</source>
        <translation>Toy task: %1. Start prepares it and trains the toy model.</translation>
    </message>
    <message>
        <source>Stopping the preparation…</source>
        <translation>Stopping the preparation…</translation>
    </message>
    <message>
        <source>%1 holds a run already (Resume continues it): the new run goes into %2.</source>
        <translation>%1 holds a run already (Resume continues it): the new run goes into %2.</translation>
    </message>
    <message>
        <source> Best checkpoint: step %1, dev BLEU %2 on all %3 dev sentences.</source>
        <translation> Best checkpoint: step %1, dev BLEU %2 on all %3 dev sentences.</translation>
    </message>
    <message>
        <source>Choose the folder of the run to resume first.</source>
        <translation>Choose the folder of the run to resume first.</translation>
    </message>
    <message>
        <source>No run folder was chosen: the run goes into %1.</source>
        <translation>No run folder was chosen: the run goes into %1.</translation>
    </message>
    <message numerus="yes">
        <source>(%n of them kept for the models it was fine-tuned from, learnt again so as not to be forgotten)</source>
        <translation>
            <numerusform>(%n of them kept for the models it was fine-tuned from, learnt again so as not to be forgotten)</numerusform>
            <numerusform>(%n of them kept for the models it was fine-tuned from, learnt again so as not to be forgotten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping the back-translation after the sentences it is translating…</source>
        <translation>Stopping the back-translation after the sentences it is translating…</translation>
    </message>
    <message>
        <source>Back-translating the English text: %1 of %2 sentences</source>
        <translation>Back-translating the English text: %1 of %2 sentences</translation>
    </message>
    <message>
        <source>Stopped: nothing of the back-translation was kept.</source>
        <translation>Stopped: nothing of the back-translation was kept.</translation>
    </message>
    <message>
        <source>Back-translating failed: %1</source>
        <translation>Back-translating failed: %1</translation>
    </message>
    <message>
        <source>Choose the English → Vietnamese model first (More pairs from English text).</source>
        <translation>Choose the English → Vietnamese model first (More pairs from English text).</translation>
    </message>
    <message>
        <source>Choose the English text to translate (More pairs from English text).</source>
        <translation>Choose the English text to translate (More pairs from English text).</translation>
    </message>
    <message>
        <source>The English → Vietnamese model %1 is loading…</source>
        <translation>The English → Vietnamese model %1 is loading…</translation>
    </message>
    <message>
        <source>back-translating %1 with %2 → %3</source>
        <translation>back-translating %1 with %2 → %3</translation>
    </message>
    <message>
        <source>Back-translated data in %1.</source>
        <translation>Back-translated data in %1.</translation>
    </message>
    <message>
        <source>Prepare the data folder first: its pairs stay beside the back-translated ones (Prepare).</source>
        <translation>Prepare the data folder first: its pairs stay beside the back-translated ones (Prepare).</translation>
    </message>
    <message>
        <source>The data folder is now %1, and Direction Vietnamese → English: Start trains the translator on it.</source>
        <translation>The data folder is now %1, and Direction Vietnamese → English: Start trains the translator on it.</translation>
    </message>
    <message>
        <source>More pairs from English text: choose the English, then Back-translate.</source>
        <translation>More pairs from English text: choose the English, then Back-translate.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TranslateSettingsPanel</name>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Latest checkpoint of a run</source>
        <translation>Latest checkpoint of a run</translation>
    </message>
    <message>
        <source>Best checkpoint of a run</source>
        <translation>Best checkpoint of a run</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>Model file</translation>
    </message>
    <message>
        <source>Model source</source>
        <translation>Model source</translation>
    </message>
    <message>
        <source>A run&apos;s newest checkpoint (follows a training in progress), its best by dev BLEU, or any model file or checkpoint</source>
        <translation>A run&apos;s newest checkpoint (follows a training in progress), its best by dev BLEU, or any model file or checkpoint</translation>
    </message>
    <message>
        <source>Model path</source>
        <translation>Model path</translation>
    </message>
    <message>
        <source>A run folder or a .pt file</source>
        <translation>A run folder or a .pt file</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <source>Browse for a model</source>
        <translation>Browse for a model</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Path</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Decoding</translation>
    </message>
    <message>
        <source>Beam size</source>
        <translation>Beam size</translation>
    </message>
    <message>
        <source>Hypotheses kept at each step; 1 is greedy search</source>
        <translation>Hypotheses kept at each step; 1 is greedy search</translation>
    </message>
    <message>
        <source>Length penalty</source>
        <translation>Length penalty</translation>
    </message>
    <message>
        <source>GNMT length penalty α: score = log P / ((5 + length) / 6)^α; 0 = none</source>
        <translation>GNMT length penalty α: score = log P / ((5 + length) / 6)^α; 0 = none</translation>
    </message>
    <message>
        <source>N-best</source>
        <translation>N-best</translation>
    </message>
    <message>
        <source>Hypotheses listed (at most the beam size)</source>
        <translation>Hypotheses listed (at most the beam size)</translation>
    </message>
    <message>
        <source>Translate as you type</source>
        <translation>Translate as you type</translation>
    </message>
    <message>
        <source>Length penalty α</source>
        <translation>Length penalty α</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>int8 (smaller, faster)</source>
        <translation>int8 (smaller, faster)</translation>
    </message>
    <message>
        <source>bf16 (AMX, AVX512-BF16)</source>
        <translation>bf16 (AMX, AVX512-BF16)</translation>
    </message>
    <message>
        <source>int8 cannot run here: %1</source>
        <translation>int8 cannot run here: %1</translation>
    </message>
    <message>
        <source>int8: each weight in one byte (per output channel), decoded by the CPU&apos;s engine; a little less accurate; not for a model on a GPU</source>
        <translation>int8: each weight in one byte (per output channel), decoded by the CPU&apos;s engine; a little less accurate; not for a model on a GPU</translation>
    </message>
    <message>
        <source>int8 kernels on this CPU: %1</source>
        <translation>int8 kernels on this CPU: %1</translation>
    </message>
    <message>
        <source>bf16: off here, this CPU has no bf16 instructions (AMX or AVX512-BF16), without which bf16 is no faster than float32</source>
        <translation>bf16: off here, this CPU has no bf16 instructions (AMX or AVX512-BF16), without which bf16 is no faster than float32</translation>
    </message>
    <message>
        <source>bf16: the products in bfloat16 on this CPU&apos;s %1; a little less accurate</source>
        <translation>bf16: the products in bfloat16 on this CPU&apos;s %1; a little less accurate</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossary</translation>
    </message>
    <message>
        <source>Choose a glossary</source>
        <translation>Choose a glossary</translation>
    </message>
    <message>
        <source>Shortlist</source>
        <translation>Shortlist</translation>
    </message>
    <message>
        <source>Choose a shortlist</source>
        <translation>Choose a shortlist</translation>
    </message>
    <message>
        <source>Shortlists (*.txt);;All files (*)</source>
        <translation>Shortlists (*.txt);;All files (*)</translation>
    </message>
    <message>
        <source>Make it small and fast…</source>
        <translation>Make it small and fast…</translation>
    </message>
    <message>
        <source>Measure this model in float32, int8, with the shortlist and with heads pruned on this computer (speed against BLEU), and save the way you choose</source>
        <translation>Measure this model in float32, int8, with the shortlist and with heads pruned on this computer (speed against BLEU), and save the way you choose</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Open a model</source>
        <translation>Open a model</translation>
    </message>
    <message>
        <source>Models (*.pt)</source>
        <translation>Models (*.pt)</translation>
    </message>
    <message>
        <source>Open a run folder</source>
        <translation>Open a run folder</translation>
    </message>
    <message>
        <source>Lines wrapped within paragraphs</source>
        <translation>Lines wrapped within paragraphs</translation>
    </message>
    <message>
        <source>For text wrapped over lines (copied from a PDF or an e-mail): a line break is a space and a blank line ends a paragraph. Off: every line break ends a sentence</source>
        <translation>For text wrapped over lines (copied from a PDF or an e-mail): a line break is a space and a blank line ends a paragraph. Off: every line break ends a sentence</translation>
    </message>
    <message>
        <source>Ensemble</source>
        <translation>Ensemble</translation>
    </message>
    <message>
        <source>this model alone</source>
        <translation>this model alone</translation>
    </message>
    <message>
        <source>More model files (separated by ;) that translate together with this one: at each step the mean of their probabilities. They need the same SentencePiece model (runs on one data folder, or checkpoints of one run). Usually a little better than any one of them, and as many times slower. The attention shown and the explorer&apos;s views are the first model&apos;s.</source>
        <translation>More model files (separated by ;) that translate together with this one: at each step the mean of their probabilities. They need the same SentencePiece model (runs on one data folder, or checkpoints of one run). Usually a little better than any one of them, and as many times slower. The attention shown and the explorer&apos;s views are the first model&apos;s.</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Add…</translation>
    </message>
    <message>
        <source>Add models to the ensemble</source>
        <translation>Add models to the ensemble</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>Beam search</source>
        <translation>Beam search</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <source>Beam search keeps the likeliest translations; sampling draws each piece at random from the model&apos;s distribution (N-best: the samples a sentence), to see what else it would say</source>
        <translation>Beam search keeps the likeliest translations; sampling draws each piece at random from the model&apos;s distribution (N-best: the samples a sentence), to see what else it would say</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperature</translation>
    </message>
    <message>
        <source>Below 1 the likely pieces are drawn more often, above 1 the unlikely ones</source>
        <translation>Below 1 the likely pieces are drawn more often, above 1 the unlikely ones</translation>
    </message>
    <message>
        <source>Top k</source>
        <translation>Top k</translation>
    </message>
    <message>
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <source>Draw among the k likeliest pieces only</source>
        <translation>Draw among the k likeliest pieces only</translation>
    </message>
    <message>
        <source>Top p</source>
        <translation>Top p</translation>
    </message>
    <message>
        <source>Draw among the fewest likeliest pieces that hold this share of the probability</source>
        <translation>Draw among the fewest likeliest pieces that hold this share of the probability</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>The same seed draws the same samples of a sentence</source>
        <translation>The same seed draws the same samples of a sentence</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>top k</source>
        <translation>top k</translation>
    </message>
    <message>
        <source>top p</source>
        <translation>top p</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <source>Samples drawn a sentence, listed best score first</source>
        <translation>Samples drawn a sentence, listed best score first</translation>
    </message>
    <message>
        <source>Keep tags (HTML, XML)</source>
        <translation>Keep tags (HTML, XML)</translation>
    </message>
    <message>
        <source>For text with inline markup such as &lt;b&gt;, &lt;a href=&quot;…&quot;&gt; or &lt;br/&gt;: the words are translated and each tag is put back around the words of the translation aligned to its words, a line at a time. Not with lines wrapped within paragraphs</source>
        <translation>For text with inline markup such as &lt;b&gt;, &lt;a href=&quot;…&quot;&gt; or &lt;br/&gt;: the words are translated and each tag is put back around the words of the translation aligned to its words, a line at a time. Not with lines wrapped within paragraphs</translation>
    </message>
    <message>
        <source>Ensemble weights</source>
        <translation>Ensemble weights</translation>
    </message>
    <message>
        <source>equal weights</source>
        <translation>equal weights</translation>
    </message>
    <message>
        <source>Each model&apos;s weight in the ensemble&apos;s mean, this model&apos;s first, then the others in order, e.g. 2, 1 (Marian&apos;s --weights). Empty: every model weighs the same.</source>
        <translation>Each model&apos;s weight in the ensemble&apos;s mean, this model&apos;s first, then the others in order, e.g. 2, 1 (Marian&apos;s --weights). Empty: every model weighs the same.</translation>
    </message>
    <message>
        <source>Keep links and numbers as typed</source>
        <translation>Keep links and numbers as typed</translation>
    </message>
    <message>
        <source>Web and e-mail addresses, file paths, placeholders such as %s or {name}, numbers and words the model&apos;s vocabulary cannot write come out exactly as typed: a sentence whose translation lost one is translated again with each of them required (beam search only)</source>
        <translation>Web and e-mail addresses, file paths, placeholders such as %s or {name}, numbers and words the model&apos;s vocabulary cannot write come out exactly as typed: a sentence whose translation lost one is translated again with each of them required (beam search only)</translation>
    </message>
    <message>
        <source>A TSV file of terms, VIETNAMESE&lt;TAB&gt;ENGLISH a line, or a TBX termbase: where the Vietnamese words occur (as typed), the translation contains the English</source>
        <translation>A TSV file of terms, VIETNAMESE&lt;TAB&gt;ENGLISH a line, or a TBX termbase: where the Vietnamese words occur (as typed), the translation contains the English</translation>
    </message>
    <message>
        <source>Glossaries (*.tsv *.txt *.tbx);;All files (*)</source>
        <translation>Glossaries (*.tsv *.txt *.tbx);;All files (*)</translation>
    </message>
    <message>
        <source>A vocabulary shortlist learnt from the model&apos;s training data (Learn, or attention-studio-cli shortlist): faster decoding over the English pieces likely for the text</source>
        <translation>A vocabulary shortlist learnt from the model&apos;s training data (Learn, or attention-studio-cli shortlist): faster decoding over the English pieces likely for the text</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <source>Edit the glossary</source>
        <translation>Edit the glossary</translation>
    </message>
    <message>
        <source>Add, change and remove the glossary&apos;s terms in a table, or start a new glossary</source>
        <translation>Add, change and remove the glossary&apos;s terms in a table, or start a new glossary</translation>
    </message>
</context>
<context>
    <name>studio::ui::TranslateWorkspace</name>
    <message>
        <source>Vietnamese</source>
        <translation>Vietnamese</translation>
    </message>
    <message>
        <source>Vietnamese input</source>
        <translation>Vietnamese input</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Translate</translation>
    </message>
    <message>
        <source>Translate now (Ctrl+Enter)</source>
        <translation>Translate now (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Explore attention</source>
        <translation>Explore attention</translation>
    </message>
    <message>
        <source>Open the attention explorer on this sentence (Ctrl+E)</source>
        <translation>Open the attention explorer on this sentence (Ctrl+E)</translation>
    </message>
    <message>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>Translation</translation>
    </message>
    <message>
        <source>Pieces, coloured by probability (hover for the value):</source>
        <translation>Pieces, coloured by probability (hover for the value):</translation>
    </message>
    <message>
        <source>Output pieces with probabilities</source>
        <translation>Output pieces with probabilities</translation>
    </message>
    <message>
        <source>N-best list:</source>
        <translation>N-best list:</translation>
    </message>
    <message>
        <source>N-best list</source>
        <translation>N-best list</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>log P</source>
        <translation>log P</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Ended</translation>
    </message>
    <message>
        <source>Choose a model, then type.</source>
        <translation>Choose a model, then type.</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Type a sentence to explore its attention.</translation>
    </message>
    <message>
        <source>Translating…</source>
        <translation>Translating…</translation>
    </message>
    <message>
        <source>Nothing to translate.</source>
        <translation>Nothing to translate.</translation>
    </message>
    <message>
        <source>cut at max length</source>
        <translation>cut at max length</translation>
    </message>
    <message>
        <source>Translated in %1 ms by %2</source>
        <translation>Translated in %1 ms by %2</translation>
    </message>
    <message>
        <source>%1 — p = %2</source>
        <translation>%1 — p = %2</translation>
    </message>
    <message>
        <source>Type or paste Vietnamese: a sentence or whole paragraphs… (Ctrl+Enter translates)</source>
        <translation>Type or paste Vietnamese: a sentence or whole paragraphs… (Ctrl+Enter translates)</translation>
    </message>
    <message>
        <source>Sentence %1 of %2 — its pieces, coloured by probability (hover for the value); put the cursor in another Vietnamese sentence to see its own:</source>
        <translation>Sentence %1 of %2 — its pieces, coloured by probability (hover for the value); put the cursor in another Vietnamese sentence to see its own:</translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) longer than the model takes were translated in parts; nothing was left out.</source>
        <translation>
            <numerusform>%n sentence longer than the model takes was translated in parts; nothing was left out.</numerusform>
            <numerusform>%n sentences longer than the model takes were translated in parts; nothing was left out.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → &lt;b&gt;%2&lt;/b&gt; (piece %3)</source>
        <translation>%1 → &lt;b&gt;%2&lt;/b&gt; (piece %3)</translation>
    </message>
    <message>
        <source>%1 → %2 (&lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</source>
        <translation>%1 → %2 (&lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</translation>
    </message>
    <message>
        <source>, %1 % of its attention on “%2”</source>
        <translation>, %1 % of its attention on “%2”</translation>
    </message>
    <message>
        <source>Glossary: %1 (cross-attention of the last layer, mean over the heads).&lt;br&gt;Without it: “%2” (score %3; with it %4). Hover a term in the alignment below for its attention word by word.</source>
        <translation>Glossary: %1 (cross-attention of the last layer, mean over the heads).&lt;br&gt;Without it: “%2” (score %3; with it %4). Hover a term in the alignment below for its attention word by word.</translation>
    </message>
    <message>
        <source>Other words here…</source>
        <translation>Other words here…</translation>
    </message>
    <message>
        <source>Training examples: where the model was in this state</source>
        <translation>Training examples: where the model was in this state</translation>
    </message>
    <message>
        <source>Translate a file…</source>
        <translation>Translate a file…</translation>
    </message>
    <message>
        <source>Translate a whole text file line for line with this model and these settings, and save the translation as a file</source>
        <translation>Translate a whole text file line for line with this model and these settings, and save the translation as a file</translation>
    </message>
    <message numerus="yes">
        <source>%n line break(s) fall inside a sentence: if the text is wrapped over lines, tick Lines wrapped within paragraphs.</source>
        <translation>
            <numerusform>%n line break falls inside a sentence: if the text is wrapped over lines, tick Lines wrapped within paragraphs.</numerusform>
            <numerusform>%n line breaks fall inside sentences: if the text is wrapped over lines, tick Lines wrapped within paragraphs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Translated in %1 ms by %2 and %n more model(s), an ensemble (the attention shown is the first model&apos;s)</source>
        <translation>
            <numerusform>Translated in %1 ms by %2 and %n more model, an ensemble (the attention shown is the first model&apos;s)</numerusform>
            <numerusform>Translated in %1 ms by %2 and %n more models, an ensemble (the attention shown is the first model&apos;s)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, piece %3)</source>
        <translation>%1 (%2, piece %3)</translation>
    </message>
    <message>
        <source>%1 (%2, &lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</source>
        <translation>%1 (%2, &lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</translation>
    </message>
    <message>
        <source>Kept as typed: %1.</source>
        <translation>Kept as typed: %1.</translation>
    </message>
    <message>
        <source>Translated freely: “%1” (score %2; with them kept %3).</source>
        <translation>Translated freely: “%1” (score %2; with them kept %3).</translation>
    </message>
    <message>
        <source>web address</source>
        <translation>web address</translation>
    </message>
    <message>
        <source>e-mail address</source>
        <translation>e-mail address</translation>
    </message>
    <message>
        <source>file path</source>
        <translation>file path</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>placeholder</translation>
    </message>
    <message>
        <source>number</source>
        <translation>number</translation>
    </message>
    <message>
        <source>not in the model&apos;s vocabulary</source>
        <translation>not in the model&apos;s vocabulary</translation>
    </message>
    <message>
        <source>Glossary: %1.</source>
        <translation>Glossary: %1.</translation>
    </message>
    <message>
        <source>Learn a shortlist</source>
        <translation>Learn a shortlist</translation>
    </message>
    <message>
        <source>Add “%1” to the glossary…</source>
        <translation>Add “%1” to the glossary…</translation>
    </message>
    <message>
        <source>on the CPU (faster than the GPU for a model this small)</source>
        <translation>on the CPU (faster than the GPU for a model this small)</translation>
    </message>
    <message>
        <source>on the GPU (%1)</source>
        <translation>on the GPU (%1)</translation>
    </message>
</context>
<context>
    <name>studio::ui::TunedLensBar</name>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Layer %1 · %2</translation>
    </message>
    <message>
        <source>Read the blocks:</source>
        <translation>Read the blocks:</translation>
    </message>
    <message>
        <source>as they are (logit lens)</source>
        <translation>as they are (logit lens)</translation>
    </message>
    <message>
        <source>through the tuned lens</source>
        <translation>through the tuned lens</translation>
    </message>
    <message>
        <source>The tuned lens reads each block through a map learnt so that it comes as close as it can to the model&apos;s output: what the block already knows, in the form the output layer reads (Belrose et al., 2023)</source>
        <translation>The tuned lens reads each block through a map learnt so that it comes as close as it can to the model&apos;s output: what the block already knows, in the form the output layer reads (Belrose et al., 2023)</translation>
    </message>
    <message>
        <source>Train a tuned lens</source>
        <translation>Train a tuned lens</translation>
    </message>
    <message>
        <source>Learn a map a block on the run&apos;s training pairs (300 steps; about half a minute for the starter on two cores) and keep it beside the model</source>
        <translation>Learn a map a block on the run&apos;s training pairs (300 steps; about half a minute for the starter on two cores) and keep it beside the model</translation>
    </message>
    <message>
        <source>Training the tuned lens: step %1 of %2…</source>
        <translation>Training the tuned lens: step %1 of %2…</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1: %2 steps on %3 training pairs in %4 s%5. Divergence from the model&apos;s output on the dev pairs (nats), logit lens → tuned: %6.</source>
        <translation>%1: %2 steps on %3 training pairs in %4 s%5. Divergence from the model&apos;s output on the dev pairs (nats), logit lens → tuned: %6.</translation>
    </message>
    <message>
        <source> (stopped early)</source>
        <translation> (stopped early)</translation>
    </message>
    <message>
        <source>No tuned lens trained: %1</source>
        <translation>No tuned lens trained: %1</translation>
    </message>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Explore a sentence with a model first: a timelapse frame has no model file.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>Training the tuned lens of %1…</source>
        <translation>Training the tuned lens of %1…</translation>
    </message>
    <message>
        <source>A timelapse frame holds the logit lens as recorded.</source>
        <translation>A timelapse frame holds the logit lens as recorded.</translation>
    </message>
    <message>
        <source>Read through %1.</source>
        <translation>Read through %1.</translation>
    </message>
    <message>
        <source>%1 is beside the model.</source>
        <translation>%1 is beside the model.</translation>
    </message>
    <message>
        <source>No tuned lens beside %1 yet.</source>
        <translation>No tuned lens beside %1 yet.</translation>
    </message>
</context>
</TS>
